// Registers the shell's namespace on the shared i18next.
import { registerTranslations } from '@switchyard/console-kit';
import { shellEn } from './shell.en';
import { shellZh } from './shell.zh';

export const SHELL_NS = 'shell';

export function registerShellTranslations(): void {
  registerTranslations(SHELL_NS, { zh: shellZh, en: shellEn });
}
