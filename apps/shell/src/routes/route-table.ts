// Every route of spec §2: its page (a remote module or a shell page), who may open it, and its
// sidebar entry. The router, the sidebar and the settings tabs all read this one table.
import { type PublicStatus, type RemoteName, Role } from '@switchyard/contracts';

/** `remote/Module`, as exposed by the remote (`./Module`). */
export type RemoteModuleId = `${RemoteName}/${string}`;
export type ShellPageId = 'home' | 'about' | 'chat' | 'settings' | 'not-found';

export type PageRef =
  | { kind: 'remote'; module: RemoteModuleId }
  | { kind: 'shell'; page: ShellPageId };

export type Access = 'open' | 'protected';

/** Who may open something: anyone, or a signed-in user with at least `role`. */
export interface Guard {
  access: Access;
  role?: number;
}

export type NavIcon =
  | 'home'
  | 'channel'
  | 'chat'
  | 'token'
  | 'playground'
  | 'redemption'
  | 'topup'
  | 'plans'
  | 'plan'
  | 'pricing'
  | 'user'
  | 'log'
  | 'detail'
  | 'midjourney'
  | 'task'
  | 'status'
  | 'audit'
  | 'org'
  | 'apiReference'
  | 'setting';

export interface NavEntry {
  /** Menu key; also the i18n key `shell:nav.<key>` and the test id `nav-<key>`. */
  key: NavIcon;
  order: number;
  /** When given, the item shows only while the public status satisfies it. */
  when?: (status: PublicStatus | null) => boolean;
}

/** Titles of pages without a menu item: `shell:pageTitle.<key>` (a menu item's page uses its label). */
export type PageTitleKey =
  | 'login'
  | 'oauthOidc'
  | 'register'
  | 'reset'
  | 'resetConfirm'
  | 'oauth'
  | 'about'
  | 'userEdit'
  | 'userAdd'
  | 'channelAdd'
  | 'channelEdit'
  | 'orgAccept'
  | 'notFound';

export interface RouteEntry extends Guard {
  path: string;
  page: PageRef;
  nav?: NavEntry;
  /** The page's h1 when it has no menu item (else the item's label). */
  title?: PageTitleKey;
  /** The page shows its own headline (a sign-in card, a 404): the h1 is for screen readers only. */
  ownHeadline?: true;
  /** For pages without a menu item: the item highlighted while they are open. */
  section?: NavIcon;
}

export interface SettingsTab extends Guard {
  key: 'personal' | 'operation' | 'system' | 'other';
  module: RemoteModuleId;
}

const remote = (module: RemoteModuleId): PageRef => ({ kind: 'remote', module });
const shell = (page: ShellPageId): PageRef => ({ kind: 'shell', page });

const open = { access: 'open' } as const;
const signedIn = { access: 'protected' } as const;
const admin = { access: 'protected', role: Role.admin } as const;
const root = { access: 'protected', role: Role.root } as const;

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: shell('home'), ...open, nav: { key: 'home', order: 10 }, ownHeadline: true },
  {
    path: '/channel',
    page: remote('channels/ChannelsPage'),
    ...admin,
    nav: { key: 'channel', order: 20 },
  },
  {
    path: '/chat',
    page: shell('chat'),
    ...open,
    ownHeadline: true,
    nav: { key: 'chat', order: 30, when: (status) => Boolean(status?.chat_link) },
  },
  {
    path: '/token',
    page: remote('billing/TokensPage'),
    ...signedIn,
    nav: { key: 'token', order: 40 },
  },
  {
    // Try a model with one of my keys through the real relay (issue 34).
    path: '/playground',
    page: remote('billing/PlaygroundPage'),
    ...signedIn,
    nav: { key: 'playground', order: 45 },
  },
  {
    path: '/redemption',
    page: remote('billing/RedemptionsPage'),
    ...admin,
    nav: { key: 'redemption', order: 50 },
  },
  {
    path: '/topup',
    page: remote('billing/WalletPage'),
    ...signedIn,
    nav: { key: 'topup', order: 60 },
  },
  {
    // Plans a user may buy and their subscriptions' windows (issue 31).
    path: '/plans',
    page: remote('billing/PlansPage'),
    ...signedIn,
    nav: { key: 'plans', order: 62 },
  },
  {
    path: '/plan',
    page: remote('billing/PlansAdminPage'),
    ...root,
    nav: { key: 'plan', order: 64 },
  },
  {
    path: '/pricing',
    page: remote('billing/PricingPage'),
    ...open,
    nav: { key: 'pricing', order: 70 },
  },
  {
    // The public status page (issue 17): open to guests while StatusPageEnabled is on.
    path: '/status',
    page: remote('observability/StatusPage'),
    ...open,
    nav: { key: 'status', order: 75, when: (status) => Boolean(status?.status_page_enabled) },
  },
  { path: '/user', page: remote('account/UsersPage'), ...admin, nav: { key: 'user', order: 80 } },
  {
    path: '/log',
    page: remote('observability/LogsPage'),
    ...signedIn,
    nav: { key: 'log', order: 90 },
  },
  {
    path: '/detail',
    page: remote('observability/DashboardPage'),
    ...signedIn,
    nav: { key: 'detail', order: 100, when: (status) => Boolean(status?.enable_data_export) },
  },
  {
    path: '/midjourney',
    page: remote('observability/DrawingTasksPage'),
    ...signedIn,
    nav: { key: 'midjourney', order: 110, when: (status) => Boolean(status?.enable_drawing) },
  },
  {
    path: '/task',
    page: remote('observability/AsyncTasksPage'),
    ...signedIn,
    nav: { key: 'task', order: 120, when: (status) => Boolean(status?.enable_task) },
  },
  {
    // Who changed what (issue 33): admins see admins' actions, the super admin everyone's.
    path: '/audit',
    page: remote('observability/AuditPage'),
    ...admin,
    nav: { key: 'audit', order: 125 },
  },
  {
    // Organizations (issue 32): members, invitations, roles, caps, the org wallet and its log.
    path: '/organization',
    page: remote('account/OrganizationPage'),
    ...signedIn,
    nav: { key: 'org', order: 127 },
  },
  {
    path: '/organization/accept',
    page: remote('account/OrgAcceptPage'),
    ...signedIn,
    section: 'org',
    title: 'orgAccept',
  },
  {
    // The OpenAPI document of every /api endpoint in a viewer (issue 29).
    path: '/api-reference',
    page: remote('settings/ApiReferencePage'),
    ...admin,
    nav: { key: 'apiReference', order: 128 },
  },
  { path: '/setting', page: shell('settings'), ...signedIn, nav: { key: 'setting', order: 130 } },
  { path: '/login', page: remote('account/LoginPage'), ...open, title: 'login', ownHeadline: true },
  {
    path: '/register',
    page: remote('account/RegisterPage'),
    ...open,
    title: 'register',
    ownHeadline: true,
  },
  {
    path: '/reset',
    page: remote('account/ResetPasswordPage'),
    ...open,
    title: 'reset',
    ownHeadline: true,
  },
  {
    path: '/user/reset',
    page: remote('account/ResetConfirmPage'),
    ...open,
    title: 'resetConfirm',
    ownHeadline: true,
  },
  {
    path: '/oauth/github',
    page: remote('account/GitHubOAuthPage'),
    ...open,
    title: 'oauth',
    ownHeadline: true,
  },
  {
    path: '/oauth/oidc',
    page: remote('account/OidcOAuthPage'),
    ...open,
    title: 'oauthOidc',
    ownHeadline: true,
  },
  { path: '/about', page: shell('about'), ...open, title: 'about' },
  {
    path: '/user/edit/:id',
    page: remote('account/UserEditPage'),
    ...admin,
    section: 'user',
    title: 'userEdit',
  },
  {
    path: '/user/edit',
    page: remote('account/UserEditPage'),
    ...admin,
    section: 'user',
    title: 'userAdd',
  },
  {
    path: '/channel/add',
    page: remote('channels/ChannelEditPage'),
    ...admin,
    section: 'channel',
    title: 'channelAdd',
  },
  {
    path: '/channel/edit/:id',
    page: remote('channels/ChannelEditPage'),
    ...admin,
    section: 'channel',
    title: 'channelEdit',
  },
  { path: '*', page: shell('not-found'), ...open, title: 'notFound', ownHeadline: true },
];

/** The tabs of /setting (`?tab=`): personal for everyone, the rest for the super admin only. */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { key: 'personal', module: 'account/PersonalSettings', ...signedIn },
  { key: 'operation', module: 'settings/OperationSettings', ...root },
  { key: 'system', module: 'settings/SystemSettings', ...root },
  { key: 'other', module: 'settings/OtherSettings', ...root },
];
