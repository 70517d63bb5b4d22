// How the audit page names what the server recorded: an org action (issue 32: what owners, admins
// and site admins do to an org), its target and its summary's fields read as words in zh and en;
// any other action, target or field shows as recorded.
import type { TFunction } from 'i18next';

/** Org actions (modules/orgs on the server) by their key under `audit.actions`. */
const ORG_ACTIONS: Record<string, string> = {
  'org.update': 'orgUpdate',
  'org.delete': 'orgDelete',
  'org.invitation.create': 'orgInvite',
  'org.invitation.revoke': 'orgInvitationRevoke',
  'org.member.update': 'orgMemberUpdate',
  'org.member.remove': 'orgMemberRemove',
  'org.member.leave': 'orgMemberLeave',
  'org.fund': 'orgFund',
  'org.redeem': 'orgRedeem',
};

/** The fields of an org action's summary with a name under `audit.orgFields`. */
const ORG_FIELDS = new Set([
  'name',
  'moved_back',
  'invitation_id',
  'user_id',
  'username',
  'role',
  'quota_limit',
  'window_period',
  'quota',
  'redemption_id',
]);

/** Summary values named under `audit.orgValues.<field>` (roles and cap periods). */
const ORG_VALUES: Record<string, readonly string[]> = {
  role: ['owner', 'admin', 'member'],
  window_period: ['', 'day', 'week', 'month'],
};

const isOrgAction = (action: string): boolean => action in ORG_ACTIONS;

/** The action's words (an org action), else the action as recorded. */
export function actionLabel(t: TFunction, action: string): string {
  const key = ORG_ACTIONS[action];
  return key ? t(`audit.actions.${key}`) : action;
}

/** `Organization #5` for an org; any other target as `type #id`. */
export function targetLabel(t: TFunction, type: string, id: string): string {
  if (type === 'org') return t('audit.targets.org', { id });
  return id ? `${type} #${id}` : type;
}

/** One summary field as `name: value`, in words where the action is an org's. */
export function fieldLabel(t: TFunction, action: string, field: string, value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!isOrgAction(action) || !ORG_FIELDS.has(field)) return `${field}: ${text}`;
  const named = ORG_VALUES[field]?.includes(text)
    ? t(`audit.orgValues.${field}.${text === '' ? 'none' : text}`)
    : text;
  return `${t(`audit.orgFields.${field}`)}: ${named}`;
}
