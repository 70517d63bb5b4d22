// Every endpoint table, by domain. A domain not listed here still declares its routes by hand.
import { auditEndpoints } from './audit';
import { channelEndpoints } from './channels';
import { dataEndpoints } from './data';
import type { Endpoint } from './define';
import { groupEndpoints } from './groups';
import { logEndpoints } from './logs';
import { metaEndpoints } from './meta';
import { oauthEndpoints } from './oauth';
import { optionEndpoints } from './options';
import { orgEndpoints } from './orgs';
import { passkeyEndpoints } from './passkeys';
import { planEndpoints, subscriptionEndpoints } from './plans';
import { pricingEndpoints } from './pricing';
import { redemptionEndpoints } from './redemptions';
import { resetPasswordEndpoints } from './reset-password';
import { sessionEndpoints } from './sessions';
import { statusEndpoints } from './status';
import { stripeEndpoints } from './stripe';
import { taskEndpoints } from './tasks';
import { tokenEndpoints } from './tokens';
import { topUpEndpoints } from './topup';
import { twoFactorEndpoints } from './two-factor';
import { userEndpoints } from './users';
import { userAdminEndpoints } from './users-admin';
import { verificationEndpoints } from './verification';

export * from './define';
export { ORG_ACCESS } from './orgs';
export {
  auditEndpoints,
  channelEndpoints,
  dataEndpoints,
  groupEndpoints,
  logEndpoints,
  metaEndpoints,
  oauthEndpoints,
  optionEndpoints,
  orgEndpoints,
  passkeyEndpoints,
  planEndpoints,
  pricingEndpoints,
  redemptionEndpoints,
  resetPasswordEndpoints,
  sessionEndpoints,
  statusEndpoints,
  stripeEndpoints,
  subscriptionEndpoints,
  taskEndpoints,
  tokenEndpoints,
  topUpEndpoints,
  twoFactorEndpoints,
  userAdminEndpoints,
  userEndpoints,
  verificationEndpoints,
};

export const ENDPOINT_TABLES: Record<string, Record<string, Endpoint>> = {
  account: userEndpoints,
  audit: auditEndpoints,
  channels: channelEndpoints,
  data: dataEndpoints,
  groups: groupEndpoints,
  logs: logEndpoints,
  meta: metaEndpoints,
  oauth: oauthEndpoints,
  options: optionEndpoints,
  passkeys: passkeyEndpoints,
  orgs: orgEndpoints,
  plans: planEndpoints,
  pricing: pricingEndpoints,
  redemptions: redemptionEndpoints,
  reset_password: resetPasswordEndpoints,
  sessions: sessionEndpoints,
  status: statusEndpoints,
  stripe: stripeEndpoints,
  subscriptions: subscriptionEndpoints,
  tasks: taskEndpoints,
  tokens: tokenEndpoints,
  two_factor: twoFactorEndpoints,
  topup: topUpEndpoints,
  users: userAdminEndpoints,
  verification: verificationEndpoints,
};

/** Every declared endpoint, with its domain and name (for the registry test and the reference). */
export const allEndpoints = (): { domain: string; name: string; endpoint: Endpoint }[] =>
  Object.entries(ENDPOINT_TABLES).flatMap(([domain, table]) =>
    Object.entries(table).map(([name, endpoint]) => ({ domain, name, endpoint })),
  );
