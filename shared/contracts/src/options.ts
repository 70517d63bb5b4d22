// Every console option (spec §3 "Option"): its kind, its default, and whether it is secret.
import {
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from './pricing-defaults';

export type OptionKind = 'boolean' | 'integer' | 'number' | 'string' | 'json';

export interface OptionDefinition {
  kind: OptionKind;
  default: string;
  /** Write-only: never returned to a browser. */
  secret?: boolean;
}

const bool = (value: boolean): OptionDefinition => ({ kind: 'boolean', default: String(value) });
const int = (value: number): OptionDefinition => ({ kind: 'integer', default: String(value) });
const num = (value: number): OptionDefinition => ({ kind: 'number', default: String(value) });
const str = (value = ''): OptionDefinition => ({ kind: 'string', default: value });
const secret = (): OptionDefinition => ({ kind: 'string', default: '', secret: true });
const json = (value: unknown): OptionDefinition => ({
  kind: 'json',
  default: JSON.stringify(value),
});

export const OPTION_DEFINITIONS = {
  // General
  ServerAddress: str(),
  WorkerUrl: str(),
  WorkerValidKey: secret(),
  Notice: str(),
  SystemName: str('Switchyard'),
  Logo: str(),
  HomePageContent: str(),
  About: str(),
  Footer: str(),
  TopUpLink: str(),
  ChatLink: str(),
  ChatLink2: str(),
  QuotaPerUnit: num(500000),
  RetryTimes: int(0),
  // Payment
  PayAddress: str(),
  EpayId: str(),
  EpayKey: secret(),
  CustomCallbackAddress: str(),
  Price: num(7.3),
  MinTopUp: int(1),
  TopupGroupRatio: json(DEFAULT_GROUP_RATIO),
  // Login and registration switches
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  GitHubOAuthEnabled: bool(false),
  WeChatAuthEnabled: bool(false),
  TelegramOAuthEnabled: bool(false),
  RegisterEnabled: bool(true),
  TurnstileCheckEnabled: bool(false),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  SMTPSSLEnabled: bool(false),
  // Email whitelist and credentials
  EmailDomainWhitelist: str(
    'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
  ),
  SMTPServer: str(),
  SMTPPort: int(587),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  WeChatServerAddress: str(),
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
  // Data dashboard
  DataExportEnabled: bool(true),
  DataExportInterval: int(5),
  DataExportDefaultTime: str('hour'),
  // Channel monitoring
  ChannelDisableThreshold: num(5),
  QuotaRemindThreshold: int(1000),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  // Quotas
  QuotaForNewUser: int(0),
  PreConsumedQuota: int(500),
  QuotaForInviter: int(0),
  QuotaForInvitee: int(0),
  // Pricing
  ModelPrice: json(DEFAULT_MODEL_PRICE),
  ModelRatio: json(DEFAULT_MODEL_RATIO),
  CompletionRatio: json(DEFAULT_COMPLETION_RATIO),
  GroupRatio: json(DEFAULT_GROUP_RATIO),
} satisfies Record<string, OptionDefinition>;

export type OptionKey = keyof typeof OPTION_DEFINITIONS;
export const OPTION_KEYS = Object.keys(OPTION_DEFINITIONS) as OptionKey[];

export const isOptionKey = (key: string): key is OptionKey =>
  Object.hasOwn(OPTION_DEFINITIONS, key);

export const isSecretOption = (key: OptionKey): boolean =>
  (OPTION_DEFINITIONS[key] as OptionDefinition).secret === true;
