// What the console shares as `react-i18next`: the hook, HOC, render prop and provider that read the
// one i18next instance; not <Trans> and its HTML parser (7 KiB brotli), which no page uses. The
// shell provides this file in place of the package (see SURFACES in src/shared-deps.ts); it imports
// the package's own ES build under another name (an alias in src/federation-common.ts), since
// `react-i18next` itself is the shared module this file stands for.
// A name a page imports must be listed here (a test in src/build.test.ts checks every import).
export {
  getDefaults,
  getI18n,
  I18nContext,
  I18nextProvider,
  initReactI18next,
  setDefaults,
  setI18n,
  Translation,
  useTranslation,
  withTranslation,
} from '@switchyard-surface-source/react-i18next';
