// Arco's dark theme is switched by an attribute on <body>.
import type { Theme } from '@switchyard/console-kit';

export function applyTheme(theme: Theme): void {
  if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
}
