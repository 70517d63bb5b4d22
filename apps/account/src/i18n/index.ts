// Registers the `account` namespace on the shared i18next (imported by every exposed page).
import { registerTranslations } from '@switchyard/console-kit';
import { accountEn } from './account.en';
import { accountZh } from './account.zh';

export const ACCOUNT_NS = 'account';

export function registerAccountTranslations(): void {
  registerTranslations(ACCOUNT_NS, { zh: accountZh, en: accountEn });
}

registerAccountTranslations();
