import { Role } from '@switchyard/contracts';
import { canAccess } from './can-access';
import { ROUTES, SETTINGS_TABS } from './route-table';

/** Every path of spec §2 (the reset-confirm page is /user/reset). */
const SPEC_PATHS = [
  '/',
  '/login',
  '/register',
  '/reset',
  '/user/reset',
  '/oauth/github',
  '/oauth/oidc',
  '/pricing',
  '/about',
  '/chat',
  '/token',
  '/redemption',
  '/user',
  '/user/edit/:id',
  '/user/edit',
  '/channel',
  '/channel/edit/:id',
  '/channel/add',
  '/setting',
  '/topup',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/status',
  // Not in spec §2: the playground of issue 34, the plans of issue 31.
  '/playground',
  '/plans',
  '/plan',
  '/audit',
  // Organizations (issue 32).
  '/organization',
  '/organization/accept',
  // Issue 29: the API reference for admins.
  '/api-reference',
  '*',
];

const byPath = (path: string) => {
  const route = ROUTES.find((entry) => entry.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
};

const guest = null;
const common = { role: Role.common };
const admin = { role: Role.admin };
const root = { role: Role.root };

describe('route table', () => {
  it('has exactly the routes of spec §2', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('maps paths to the agreed remote modules and shell pages', () => {
    const pages = Object.fromEntries(
      ROUTES.map((route) => [
        route.path,
        route.page.kind === 'remote' ? route.page.module : `shell:${route.page.page}`,
      ]),
    );
    expect(pages).toEqual({
      '/': 'shell:home',
      '/login': 'account/LoginPage',
      '/register': 'account/RegisterPage',
      '/reset': 'account/ResetPasswordPage',
      '/user/reset': 'account/ResetConfirmPage',
      '/oauth/github': 'account/GitHubOAuthPage',
      '/oauth/oidc': 'account/OidcOAuthPage',
      '/pricing': 'billing/PricingPage',
      '/about': 'shell:about',
      '/chat': 'shell:chat',
      '/token': 'billing/TokensPage',
      '/playground': 'billing/PlaygroundPage',
      '/redemption': 'billing/RedemptionsPage',
      '/user': 'account/UsersPage',
      '/user/edit/:id': 'account/UserEditPage',
      '/user/edit': 'account/UserEditPage',
      '/channel': 'channels/ChannelsPage',
      '/channel/edit/:id': 'channels/ChannelEditPage',
      '/channel/add': 'channels/ChannelEditPage',
      '/setting': 'shell:settings',
      '/topup': 'billing/WalletPage',
      '/plans': 'billing/PlansPage',
      '/plan': 'billing/PlansAdminPage',
      '/log': 'observability/LogsPage',
      '/detail': 'observability/DashboardPage',
      '/midjourney': 'observability/DrawingTasksPage',
      '/task': 'observability/AsyncTasksPage',
      '/status': 'observability/StatusPage',
      '/audit': 'observability/AuditPage',
      '/organization': 'account/OrganizationPage',
      '/organization/accept': 'account/OrgAcceptPage',
      '/api-reference': 'settings/ApiReferencePage',
      '*': 'shell:not-found',
    });
  });

  it('opens the open pages to everyone', () => {
    for (const path of ['/', '/login', '/register', '/reset', '/user/reset', '/oauth/github']) {
      expect(canAccess(byPath(path), guest)).toBe('allow');
    }
    for (const path of ['/pricing', '/about', '/chat', '/status', '*']) {
      expect(canAccess(byPath(path), guest)).toBe('allow');
    }
  });

  it('sends guests to /login from every protected page, admin pages included', () => {
    const protectedPaths = ROUTES.filter((route) => route.access === 'protected');
    expect(protectedPaths.length).toBeGreaterThan(0);
    for (const route of protectedPaths) expect(canAccess(route, guest)).toBe('login');
  });

  it('keeps admin pages from ordinary users and opens them to admins and root', () => {
    const adminPaths = [
      '/api-reference',
      '/audit',
      '/channel',
      '/channel/add',
      '/channel/edit/:id',
      '/redemption',
      '/user',
      '/user/edit',
      '/user/edit/:id',
    ];
    expect(
      ROUTES.filter((route) => route.role === Role.admin)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...adminPaths].sort());
    for (const path of adminPaths) {
      expect(canAccess(byPath(path), common)).toBe('forbidden');
      expect(canAccess(byPath(path), admin)).toBe('allow');
      expect(canAccess(byPath(path), root)).toBe('allow');
    }
  });

  it('opens the plan catalogue to root only', () => {
    expect(canAccess(byPath('/plan'), admin)).toBe('forbidden');
    expect(canAccess(byPath('/plan'), root)).toBe('allow');
  });

  it('opens the signed-in pages to every signed-in role', () => {
    for (const path of [
      '/token',
      '/playground',
      '/topup',
      '/plans',
      '/log',
      '/detail',
      '/midjourney',
      '/task',
      '/setting',
    ]) {
      for (const user of [common, admin, root]) expect(canAccess(byPath(path), user)).toBe('allow');
    }
  });

  it('shows the personal settings tab to everyone signed in and the other tabs to root only', () => {
    const visible = (user: { role: number }) =>
      SETTINGS_TABS.filter((tab) => canAccess(tab, user) === 'allow').map((tab) => tab.key);
    expect(visible(common)).toEqual(['personal']);
    expect(visible(admin)).toEqual(['personal']);
    expect(visible(root)).toEqual(['personal', 'operation', 'system', 'other']);
    expect(SETTINGS_TABS.map((tab) => tab.module)).toEqual([
      'account/PersonalSettings',
      'settings/OperationSettings',
      'settings/SystemSettings',
      'settings/OtherSettings',
    ]);
  });
});
