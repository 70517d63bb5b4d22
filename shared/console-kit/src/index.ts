// The console kit: one HTTP client, central error handling, the session store, i18n and the
// building blocks every console app shares. A Module Federation singleton.
export { PageFallback, type PageFallbackProps } from './components/page-fallback';
export {
  RemoteErrorBoundary,
  type RemoteErrorBoundaryProps,
} from './components/remote-error-boundary';
export { Spinner, type SpinnerProps } from './components/spinner';
export {
  forgetLoadedComponent,
  type LoadedComponent,
  loadOnce,
  useLoadedComponent,
} from './components/use-loaded-component';
export {
  describeError,
  type ErrorOutcome,
  EXPIRED_LOGIN_PATH,
  type Notifier,
  type ReportErrorOptions,
  reportError,
} from './errors/report-error';
export {
  type FieldErrorMap,
  fieldErrorProps,
  schemaFieldErrors,
  serverFieldErrorMap,
} from './forms/field-errors';
export {
  type FieldRules,
  type FieldRulesOptions,
  type FieldSchema,
  fieldIssue,
  fieldRules,
  type IssueMessages,
  isRequiredField,
  issueMessage,
  type ObjectSchema,
} from './forms/field-rules';
export {
  dropPageSignInForm,
  type PageSignInField,
  type PageSignInState,
  takePageSignInForm,
} from './forms/page-sign-in-form';
export { showServerFieldErrors } from './forms/server-field-errors';
export { isSubmitEnter, submitOnEnter } from './forms/submit-on-enter';
export { type ContractForm, useContractForm } from './forms/use-contract-form';
export {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type BodyRequestOptions,
  type RequestOptions,
} from './http/api';
export { ApiError, type ApiErrorKind, isApiError } from './http/api-error';
export {
  type CallInput,
  callEnvelope,
  createEndpointApi,
  type EndpointApi,
  type EndpointCall,
  endpointUrl,
  lazyEndpointApi,
} from './http/endpoint-client';
export { createHttpClient, http, toApiError } from './http/http-client';
export { detectLanguage, isLanguage } from './i18n/detect-language';
export { COMMON_NS, currentLanguage, i18next, initI18n, registerTranslations } from './i18n/i18n';
export { commonEn } from './i18n/locales/common.en';
export { commonZh } from './i18n/locales/common.zh';
export {
  missingKeys,
  type NamespaceTranslations,
  type TranslationOf,
  type TranslationTree,
} from './i18n/translation';
export { isPhoneScreen, PHONE_MAX_WIDTH, useIsPhone } from './layout/use-is-phone';
export { createQueryClient } from './query/create-query-client';
export { exactQuota, QuotaAmount } from './quota/quota-amount';
export { type QuotaDisplayApi, useQuotaDisplay } from './quota/use-quota-display';
export {
  defineRemote,
  type Remote,
  type RemoteDefinition,
  type RemoteRootProps,
} from './remote/define-remote';
export {
  LOCAL_KEYS,
  type LocalKey,
  readLocal,
  readLocalJson,
  removeLocal,
  writeLocal,
} from './store/local-settings';
export { type OrgScopeState, useOrgScope } from './store/org-scope';
export { getPageSize, setPageSize } from './store/page-size';
export {
  getSession,
  loadSessionData,
  type SessionState,
  type Theme,
  useSessionStore,
} from './store/session-store';
export { formatRelativeTime, formatTime, nowSeconds, parseTime } from './time/format-time';
