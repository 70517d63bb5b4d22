// Every console option (spec §3 "Option"): its kind, its default, and whether it is secret.
import {
  DEFAULT_CACHE_CREATION_1H_RATIO,
  DEFAULT_CACHE_CREATION_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './pricing-defaults';

export type OptionKind = 'boolean' | 'integer' | 'number' | 'string' | 'json';

/** What a string option must look like beyond being text. */
export type OptionFormat = 'url' | 'choice';

export interface OptionDefinition {
  kind: OptionKind;
  default: string;
  /** Write-only: never returned to a browser. */
  secret?: boolean;
  /** Smallest and largest accepted number (integer and number options). */
  min?: number;
  max?: number;
  /** `url`: empty or an http(s) address; `choice`: one of `choices`. */
  format?: OptionFormat;
  choices?: readonly string[];
}

type Range = Pick<OptionDefinition, 'min' | 'max'>;

const bool = (value: boolean): OptionDefinition => ({ kind: 'boolean', default: String(value) });
const int = (value: number, range: Range = { min: 0 }): OptionDefinition => ({
  kind: 'integer',
  default: String(value),
  ...range,
});
const num = (value: number, range: Range = { min: 0 }): OptionDefinition => ({
  kind: 'number',
  default: String(value),
  ...range,
});
const str = (value = ''): OptionDefinition => ({ kind: 'string', default: value });
const url = (): OptionDefinition => ({ kind: 'string', default: '', format: 'url' });
const choice = (value: string, choices: readonly string[]): OptionDefinition => ({
  kind: 'string',
  default: value,
  format: 'choice',
  choices,
});
const secret = (): OptionDefinition => ({ kind: 'string', default: '', secret: true });
const json = (value: unknown): OptionDefinition => ({
  kind: 'json',
  default: JSON.stringify(value),
});

/** Timezones a calendar quota window may follow (every IANA zone the runtime knows). */
export const QUOTA_WINDOW_TIMEZONES: readonly string[] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
];

/** Currencies Stripe may charge in: ISO 4217 codes, lower case as Stripe writes them. */
export const STRIPE_CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency').map((code) =>
  code.toLowerCase(),
);

/** Granularities of the data dashboard (spec §9). */
export const DATA_EXPORT_GRANULARITIES = ['hour', 'day', 'week'] as const;

export const OPTION_DEFINITIONS = {
  // General
  ServerAddress: url(),
  WorkerUrl: url(),
  WorkerValidKey: secret(),
  Notice: str(),
  SystemName: str('Switchyard'),
  Logo: str(),
  HomePageContent: str(),
  About: str(),
  Footer: str(),
  TopUpLink: url(),
  ChatLink: url(),
  ChatLink2: url(),
  QuotaPerUnit: num(500000, { min: 1 }),
  RetryTimes: int(0, { min: 0, max: 10 }),
  // Payment
  PayAddress: url(),
  EpayId: str(),
  EpayKey: secret(),
  CustomCallbackAddress: url(),
  Price: num(7.3),
  MinTopUp: int(1, { min: 1 }),
  TopupGroupRatio: json(DEFAULT_GROUP_RATIO),
  // Stripe Checkout (issue 31): configured when the secret key and the webhook secret are set.
  StripeSecretKey: secret(),
  StripeWebhookSecret: secret(),
  StripeCurrency: choice('usd', STRIPE_CURRENCIES),
  /** Price of one dollar of quota in StripeCurrency. */
  StripeUnitPrice: num(1, { min: 0.01 }),
  /** Where the Stripe SDK sends its calls: Stripe's API, or a proxy or test stand-in. */
  StripeApiBase: { kind: 'string', default: 'https://api.stripe.com', format: 'url' },
  // Login and registration switches
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  GitHubOAuthEnabled: bool(false),
  WeChatAuthEnabled: bool(false),
  TelegramOAuthEnabled: bool(false),
  RegisterEnabled: bool(true),
  TurnstileCheckEnabled: bool(false),
  Require2FAForAdmins: bool(false),
  // Any OpenID Connect provider (issue 33): discovered from its issuer URL.
  OIDCEnabled: bool(false),
  OIDCIssuer: url(),
  OIDCClientId: str(),
  OIDCClientSecret: secret(),
  OIDCScopes: str('openid profile email'),
  OIDCButtonText: str(),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  SMTPSSLEnabled: bool(false),
  // Email whitelist and credentials
  EmailDomainWhitelist: str(
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  ),
  SMTPServer: str(),
  SMTPPort: int(587, { min: 1, max: 65535 }),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  WeChatServerAddress: url(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: str(),
  TelegramBotToken: secret(),
  TelegramBotName: str(),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: secret(),
  // Display and billing
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  // Drawing and tasks
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjModeClearEnabled: bool(false),
  // Sensitive-word filtering
  CheckSensitiveEnabled: bool(true),
  CheckSensitiveOnPromptEnabled: bool(true),
  SensitiveWords: str('test_sensitive'),
  // Logging
  LogConsumeEnabled: bool(true),
  /** Days the gateway keeps the Responses it made for chat-only upstreams (0: not kept). */
  ResponsesRetentionDays: int(30, { min: 0 }),
  // Data dashboard
  DataExportEnabled: bool(true),
  DataExportInterval: int(5, { min: 1 }),
  DataExportDefaultTime: choice('hour', DATA_EXPORT_GRANULARITIES),
  // Channel monitoring
  ChannelDisableThreshold: num(5),
  QuotaRemindThreshold: int(1000),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  // Upstream time limits, seconds (0: none); a channel's own first-byte limit wins over the option.
  RelayConnectTimeout: int(10, { min: 0, max: 600 }),
  RelayFirstByteTimeout: int(300, { min: 0, max: 3600 }),
  RelayStreamIdleTimeout: int(60, { min: 0, max: 3600 }),
  /** Minutes a conversation keeps its channel for the upstream's prompt cache (0: off). */
  ChannelAffinityMinutes: int(60, { min: 0, max: 1440 }),
  // Quotas
  QuotaForNewUser: int(0),
  PreConsumedQuota: int(500),
  QuotaForInviter: int(0),
  QuotaForInvitee: int(0),
  /** Share (percent) of each online payment of an invitee credited to the inviter's aff_quota. */
  AffiliateRebatePercent: num(0, { min: 0, max: 100 }),
  /** A plan every new user gets once at registration (issue 31); 0: none. */
  DefaultPlanId: int(0),
  // Pricing
  ModelPrice: json(DEFAULT_MODEL_PRICE),
  ModelRatio: json(DEFAULT_MODEL_RATIO),
  CompletionRatio: json(DEFAULT_COMPLETION_RATIO),
  CacheRatio: json(DEFAULT_CACHE_RATIO),
  CacheCreationRatio: json(DEFAULT_CACHE_CREATION_RATIO),
  CacheCreation1hRatio: json(DEFAULT_CACHE_CREATION_1H_RATIO),
  GroupRatio: json(DEFAULT_GROUP_RATIO),
  // Limits and the status page (issue 17)
  GroupRateLimits: json({}),
  QuotaWindowTimezone: choice('UTC', QUOTA_WINDOW_TIMEZONES),
  StatusPageEnabled: bool(true),
} satisfies Record<string, OptionDefinition>;

export type OptionKey = keyof typeof OPTION_DEFINITIONS;
export const OPTION_KEYS = Object.keys(OPTION_DEFINITIONS) as OptionKey[];

export const isOptionKey = (key: string): key is OptionKey =>
  Object.hasOwn(OPTION_DEFINITIONS, key);

export const optionDefinition = (key: OptionKey): OptionDefinition => OPTION_DEFINITIONS[key];

export const isSecretOption = (key: OptionKey): boolean => optionDefinition(key).secret === true;

/** The JSON options: each maps a model or group name to a non-negative number. */
export const RATIO_OPTION_KEYS = [
  'ModelPrice',
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'CacheCreationRatio',
  'CacheCreation1hRatio',
  'GroupRatio',
  'TopupGroupRatio',
] as const satisfies readonly OptionKey[];
export type RatioOptionKey = (typeof RATIO_OPTION_KEYS)[number];
