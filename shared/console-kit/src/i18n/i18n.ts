// i18next setup shared by the shell and every remote (i18next is a federation singleton).
import type { Language } from '@switchyard/contracts';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSessionStore } from '../store/session-store';
import { commonEn } from './locales/common.en';
import { commonZh } from './locales/common.zh';
import type { NamespaceTranslations, TranslationTree } from './translation';

export const COMMON_NS = 'common';

/** Initialises i18next once, in the language of the session store, and follows its changes. */
export function initI18n(): i18n {
  if (i18next.isInitialized) return i18next;
  const { language } = useSessionStore.getState();
  void i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'zh',
    supportedLngs: ['zh', 'en'],
    resources: { zh: { [COMMON_NS]: commonZh }, en: { [COMMON_NS]: commonEn } },
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  useSessionStore.subscribe((state, previous) => {
    if (state.language === previous.language) return;
    void i18next.changeLanguage(state.language);
    document.documentElement.lang = state.language === 'zh' ? 'zh-CN' : 'en';
  });
  return i18next;
}

/** Adds an app's namespace in both languages (call before the app's first render). */
export function registerTranslations<T extends TranslationTree>(
  ns: string,
  translations: NamespaceTranslations<T>,
): void {
  initI18n();
  i18next.addResourceBundle('zh', ns, translations.zh, true, true);
  i18next.addResourceBundle('en', ns, translations.en, true, true);
}

/** The language requests are sent in (`Accept-Language`). */
export function currentLanguage(): Language {
  const active = i18next.isInitialized ? i18next.language : useSessionStore.getState().language;
  return active?.startsWith('en') ? 'en' : 'zh';
}

export { i18next };
