// The console language: the saved choice (localStorage `lang`), else the browser's.
import type { Language } from '@switchyard/contracts';
import { LOCAL_KEYS, readLocal } from '../store/local-settings';

export const isLanguage = (value: unknown): value is Language => value === 'zh' || value === 'en';

export function detectLanguage(): Language {
  const saved = readLocal(LOCAL_KEYS.language);
  if (isLanguage(saved)) return saved;
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return browser.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
