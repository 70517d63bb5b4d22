// The system tab's sections (issue 8, "System").
import { field, section } from '../../options/option-fields';

export const SYSTEM_SECTIONS = {
  system: section('system', ['ServerAddress', 'WorkerUrl', 'WorkerValidKey']),
  payment: section('payment', [
    'PayAddress',
    'EpayId',
    'EpayKey',
    'CustomCallbackAddress',
    'Price',
    'MinTopUp',
    'TopupGroupRatio',
  ]),
  stripe: section('stripe', [
    'StripeSecretKey',
    'StripeWebhookSecret',
    'StripeCurrency',
    'StripeUnitPrice',
    'StripeApiBase',
  ]),
  login: section('login', [
    field('PasswordLoginEnabled', { confirmOff: 'passwordLogin' }),
    'PasswordRegisterEnabled',
    'EmailVerificationEnabled',
    'GitHubOAuthEnabled',
    'WeChatAuthEnabled',
    'TelegramOAuthEnabled',
    'RegisterEnabled',
    'TurnstileCheckEnabled',
    'Require2FAForAdmins',
  ]),
  emailDomain: section('emailDomain', [
    'EmailDomainRestrictionEnabled',
    'EmailAliasRestrictionEnabled',
    field('EmailDomainWhitelist', { kind: 'textarea' }),
  ]),
  smtp: section('smtp', [
    'SMTPServer',
    'SMTPPort',
    'SMTPAccount',
    'SMTPFrom',
    'SMTPToken',
    'SMTPSSLEnabled',
  ]),
  github: section('github', ['GitHubClientId', 'GitHubClientSecret']),
  wechat: section('wechat', [
    'WeChatServerAddress',
    'WeChatServerToken',
    field('WeChatAccountQRCodeImageURL', { preview: 'image' }),
  ]),
  oidc: section('oidc', [
    'OIDCEnabled',
    'OIDCIssuer',
    'OIDCClientId',
    'OIDCClientSecret',
    'OIDCScopes',
    'OIDCButtonText',
  ]),
  telegram: section('telegram', ['TelegramBotName', 'TelegramBotToken']),
  turnstile: section('turnstile', ['TurnstileSiteKey', 'TurnstileSecretKey']),
};
