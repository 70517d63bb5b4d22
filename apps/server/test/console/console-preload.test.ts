// The app page carries preload links for the shell's start and the requested route's remote module,
// read from the shell's load-manifest.json and the remotes' builds, and only for routes the caller's
// role may open: a guest gets public routes (and the sign-in page where the shell sends it).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Role } from '@switchyard/contracts';
import { INLINE_PAGE_HINTS_ID } from '@switchyard/contracts/page-hints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { createUser } from '../helpers/factories';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;

const write = async (path: string, content: unknown) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
};

const INDEX =
  '<!doctype html><html><head><script defer src="/static/js/p.aaa.js"></script></head><body></body></html>';

const group = (js: string[], css: string[] = [], requires: string[] = []) => ({
  js,
  css,
  requires,
});

const LOAD_MANIFEST = {
  routes: [
    { path: '/', access: 'open' },
    { path: '/login', access: 'open', module: 'account/LoginPage' },
    { path: '/token', access: 'protected', module: 'billing/TokensPage' },
    { path: '/channel', access: 'protected', role: Role.admin, module: 'channels/ChannelsPage' },
    {
      path: '/user/edit/:id',
      access: 'protected',
      role: Role.admin,
      module: 'account/UserEditPage',
    },
    {
      path: '/setting',
      access: 'protected',
      tabs: [
        { key: 'personal', module: 'account/PersonalSettings', access: 'protected' },
        { key: 'system', module: 'settings/SystemSettings', access: 'protected', role: Role.root },
      ],
    },
    { path: '*', access: 'open' },
  ],
  entry: group(['static/js/p.aaa.js']),
  bootstrap: group(['static/js/async/boot.bbb.js'], ['static/css/async/boot.ccc.css'], ['kit']),
  shared: {
    kit: group(['static/js/async/kit.ddd.js'], [], ['router', 'react']),
    router: group(['static/js/async/router.eee.js']),
    react: group(['static/js/p.aaa.js']),
    form: group(['static/js/async/form.fff.js']),
    table: group(['static/js/async/table.ggg.js']),
  },
  provided: ['form', 'kit', 'react', 'router', 'table'],
};

const ownCopy = (remote: string, module: string) => ({
  name: module,
  assets: {
    js: { sync: [`static/js/async/${remote}-own-${module}.js`], async: [] },
    css: { sync: [], async: [] },
  },
});

/**
 * A remote build as rsbuild's federation plugin writes it: one module per page, and its own copies
 * of the shared modules it uses; with `ownRequires`, the load manifest our build adds, naming the
 * shared modules each own copy consumes.
 */
async function writeRemote(
  root: string,
  name: string,
  pages: Record<string, string[]>,
  shared: string[] = [],
  ownRequires?: Record<string, string[]>,
  consumes?: Record<string, string[]>,
) {
  const exposes = Object.keys(pages).map((page) => ({
    name: page,
    assets: {
      js: { sync: [`static/js/async/${name}-${page}.js`], async: [] },
      css: { sync: [`static/css/async/${name}-${page}.css`], async: [] },
    },
  }));
  await write(join(root, 'mf-manifest.json'), {
    name,
    metaData: { remoteEntry: { name: `static/js/${name}.123.js`, path: '' }, publicPath: 'auto' },
    exposes,
    shared: shared.map((module) => ownCopy(name, module)),
  });
  await write(join(root, 'mf-stats.json'), {
    name,
    exposes: Object.entries(pages).map(([page, requires]) => ({ name: page, requires })),
  });
  if (ownRequires || consumes) {
    await write(join(root, 'load-manifest.json'), {
      shared: Object.fromEntries(
        Object.entries(ownRequires ?? {}).map(([module, requires]) => [
          module,
          group([], [], requires),
        ]),
      ),
      consumes: consumes ?? {},
    });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const apps = join(ctx.dir, 'apps');
  await write(join(apps, 'shell/dist/index.html'), INDEX);
  await write(join(apps, 'shell/dist/load-manifest.json'), LOAD_MANIFEST);
  // `schemas` is shared but not provided by the shell: the remote's own copy is the one used.
  await writeRemote(
    join(apps, 'account/dist'),
    'account',
    {
      LoginPage: ['form', 'kit', 'react', 'schemas'],
      UserEditPage: ['form'],
      PersonalSettings: [],
    },
    ['form', 'react', 'schemas'],
  );
  // The billing page's list (not provided by the shell) consumes the shell's table and the remote's
  // own pager, which consumes the shell's router.
  await writeRemote(
    join(apps, 'billing/dist'),
    'billing',
    { TokensPage: ['list', 'react'] },
    ['list', 'pager'],
    { list: ['table', 'pager', 'react'], pager: ['router', 'list'] },
  );
  // The channels page's script consumes the shell's form too, which federation's stats leave out
  // of the page's requires (a chunk several pages share); the remote's load manifest has it.
  await writeRemote(
    join(apps, 'channels/dist'),
    'channels',
    { ChannelsPage: ['table'] },
    [],
    undefined,
    { 'static/js/async/channels-ChannelsPage.js': ['form', 'react'] },
  );
  await writeRemote(join(apps, 'settings/dist'), 'settings', { SystemSettings: [] });
  server = await ctx.start();
  await createUser(server.db, { username: 'plain', password: 'password123', role: Role.common });
  await createUser(server.db, { username: 'boss', password: 'password123', role: Role.root });
});
afterAll(() => ctx.close());

/** The page's hints for the shell's entry (the JSON block), or [] without one. */
function entryHintsOf(body: string): { href: string; as: string; rel: string }[] {
  const block = new RegExp(
    `<script type="application/json" id="${INLINE_PAGE_HINTS_ID}">(.*?)</script>`,
  ).exec(body);
  return block ? JSON.parse(block[1] ?? '[]') : [];
}

/** What a page names for the browser to fetch as [as, href] pairs, in order: the head's links,
 * then the hints its entry requests. */
async function preloadsOf(url: string, client?: TestClient): Promise<string[][]> {
  const body = client
    ? (await client.get(url)).text
    : (await server.app.inject({ method: 'GET', url })).body;
  // The start's stylesheet (a signed-in caller's) counts as a style like a preloaded one.
  const links = [
    ...body.matchAll(/<link rel="(?:preload|prefetch|stylesheet)"(?: as="(\w+)")? href="([^"]+)"/g),
  ];
  return [
    ...links.map((m) => [m[1] ?? 'style', m[2] ?? '']),
    ...entryHintsOf(body).map((hint) => [hint.as, hint.href]),
  ];
}

const hrefs = (links: string[][]) => links.map(([, href]) => href ?? '');

async function signedIn(username: string): Promise<TestClient> {
  const client = server.client();
  const reply = await client.post('/api/user/login', { username, password: 'password123' });
  expect(reply.json.success).toBe(true);
  return client;
}

const SHELL_START = [
  ['script', '/static/js/async/boot.bbb.js'],
  ['style', '/static/css/async/boot.ccc.css'],
  ['script', '/static/js/async/kit.ddd.js'],
  ['script', '/static/js/async/router.eee.js'],
];

describe('preload links of an app page', () => {
  it('give a guest on /login the shell start and the sign-in module with what it consumes', async () => {
    expect(await preloadsOf('/login')).toEqual([
      ...SHELL_START,
      ['fetch', '/remotes/account/mf-manifest.json'],
      ['script', '/remotes/account/static/js/account.123.js'],
      ['script', '/remotes/account/static/js/async/account-LoginPage.js'],
      ['style', '/remotes/account/static/css/async/account-LoginPage.css'],
      ['script', '/static/js/async/form.fff.js'],
      // Not provided by the shell: the remote's own copy, named with the rest.
      ['script', '/remotes/account/static/js/async/account-own-schemas.js'],
    ]);
  });

  it('never repeat the entry the page already loads with its own script tag', async () => {
    expect(hrefs(await preloadsOf('/login'))).not.toContain('/static/js/p.aaa.js');
  });

  it('put the shell start and the manifest in the head, the route’s files in the entry’s hints', async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/login' })).body;
    expect(body).toContain(
      '<link rel="preload" as="fetch" href="/remotes/account/mf-manifest.json" crossorigin="anonymous">',
    );
    expect(body).toContain('<link rel="preload" as="script" href="/static/js/async/boot.bbb.js">');
    // Fetched beside the entry on a slow link they would slow it: the entry requests them itself.
    expect(body).not.toMatch(/<link[^>]*account\.123\.js/);
    expect(entryHintsOf(body)).toEqual([
      // A failed preload would be handed to the retry of an unreachable remote; a prefetch is not.
      { href: '/remotes/account/static/js/account.123.js', as: 'script', rel: 'prefetch' },
      {
        href: '/remotes/account/static/js/async/account-LoginPage.js',
        as: 'script',
        rel: 'prefetch',
      },
      {
        href: '/remotes/account/static/css/async/account-LoginPage.css',
        as: 'style',
        rel: 'prefetch',
      },
      { href: '/static/js/async/form.fff.js', as: 'script', rel: 'preload' },
      {
        href: '/remotes/account/static/js/async/account-own-schemas.js',
        as: 'script',
        rel: 'prefetch',
      },
    ]);
  });

  it('give shell pages no hints block', async () => {
    expect(entryHintsOf((await server.app.inject({ method: 'GET', url: '/' })).body)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).not.toContain(
      INLINE_PAGE_HINTS_ID,
    );
  });

  it('give a guest on a protected page the sign-in module, never the page’s own', async () => {
    for (const url of ['/token', '/channel', '/setting?tab=system']) {
      const links = hrefs(await preloadsOf(url));
      expect(links, url).toContain('/remotes/account/static/js/async/account-LoginPage.js');
      expect(
        links.some((href) => /billing|channels|settings/.test(href)),
        url,
      ).toBe(false);
    }
  });

  it('make the start’s styles a signed-in caller’s stylesheet, a guest’s preload', async () => {
    const user = await signedIn('plain');
    const signedInPage = (await user.get('/token')).text;
    expect(signedInPage).toContain('<link rel="stylesheet" href="/static/css/async/boot.ccc.css">');
    expect(signedInPage).not.toContain('as="style" href="/static/css/async/boot.ccc.css"');
    const guestPage = (await server.app.inject({ method: 'GET', url: '/login' })).body;
    expect(guestPage).toContain(
      '<link rel="preload" as="style" href="/static/css/async/boot.ccc.css">',
    );
    expect(guestPage).not.toContain('rel="stylesheet" href="/static/css/async/boot.ccc.css"');
  });

  it('give a signed-in user the remote of a page they may open', async () => {
    const user = await signedIn('plain');
    const links = hrefs(await preloadsOf('/token', user));
    expect(links).toContain('/remotes/billing/mf-manifest.json');
    expect(links).toContain('/remotes/billing/static/js/async/billing-TokensPage.js');
    expect(links).toContain('/static/js/async/table.ggg.js');
    expect(links.some((href) => href.includes('account-LoginPage'))).toBe(false);
  });

  it('follow what each of the remote’s scripts consumes, as its load manifest says', async () => {
    const root = await signedIn('boss');
    expect((await preloadsOf('/channel', root)).slice(SHELL_START.length)).toEqual([
      ['fetch', '/remotes/channels/mf-manifest.json'],
      ['script', '/remotes/channels/static/js/channels.123.js'],
      ['script', '/remotes/channels/static/js/async/channels-ChannelsPage.js'],
      ['script', '/static/js/async/form.fff.js'],
      ['style', '/remotes/channels/static/css/async/channels-ChannelsPage.css'],
      ['script', '/static/js/async/table.ggg.js'],
    ]);
  });

  it('follow what a remote’s own copy of a shared module consumes, through the shell and the remote', async () => {
    const user = await signedIn('plain');
    expect((await preloadsOf('/token', user)).slice(SHELL_START.length)).toEqual([
      ['fetch', '/remotes/billing/mf-manifest.json'],
      ['script', '/remotes/billing/static/js/billing.123.js'],
      ['script', '/remotes/billing/static/js/async/billing-TokensPage.js'],
      ['style', '/remotes/billing/static/css/async/billing-TokensPage.css'],
      ['script', '/remotes/billing/static/js/async/billing-own-list.js'],
      ['script', '/static/js/async/table.ggg.js'],
      ['script', '/remotes/billing/static/js/async/billing-own-pager.js'],
    ]);
  });

  it('give an ordinary user nothing of an admin page or a root tab', async () => {
    const user = await signedIn('plain');
    expect(await preloadsOf('/channel', user)).toEqual(SHELL_START);
    expect(await preloadsOf('/user/edit/3', user)).toEqual(SHELL_START);
    expect(await preloadsOf('/setting?tab=system', user)).toEqual(SHELL_START);
    expect(hrefs(await preloadsOf('/setting', user))).toContain(
      '/remotes/account/static/js/async/account-PersonalSettings.js',
    );
  });

  it('give the super admin the admin pages and the tab asked for', async () => {
    const root = await signedIn('boss');
    expect(hrefs(await preloadsOf('/channel', root))).toContain(
      '/remotes/channels/static/js/async/channels-ChannelsPage.js',
    );
    expect(hrefs(await preloadsOf('/user/edit/3', root))).toContain(
      '/remotes/account/static/js/async/account-UserEditPage.js',
    );
    expect(hrefs(await preloadsOf('/setting?tab=system', root))).toContain(
      '/remotes/settings/static/js/async/settings-SystemSettings.js',
    );
  });

  it('add only the shell start to shell pages and unknown paths', async () => {
    expect(await preloadsOf('/')).toEqual(SHELL_START);
    expect(await preloadsOf('/no/such/page')).toEqual(SHELL_START);
  });

  it('follow an uploaded remote build and the remote map', async () => {
    await writeRemote(join(ctx.dir, 'remotes/account'), 'account', { LoginPage: [] });
    const uploaded = hrefs(await preloadsOf('/login'));
    expect(uploaded).toContain('/remotes/account/static/js/async/account-LoginPage.js');
    expect(uploaded).not.toContain('/static/js/async/form.fff.js');
    await rm(join(ctx.dir, 'remotes/account'), { recursive: true });

    // A release uploaded beside the built-in one, and the remote map pointed at it.
    await writeRemote(join(ctx.dir, 'remotes/account-next'), 'account', { LoginPage: ['kit'] });
    await writeFile(
      join(ctx.dir, 'remotes.json'),
      JSON.stringify({
        remotes: [{ name: 'account', entry: '/remotes/account-next/mf-manifest.json' }],
      }),
    );
    const next = hrefs(await preloadsOf('/login'));
    expect(next).toContain('/remotes/account-next/mf-manifest.json');
    expect(next).toContain('/remotes/account-next/static/js/async/account-LoginPage.js');
    expect(next.some((href) => href.startsWith('/remotes/account/'))).toBe(false);

    const elsewhere = 'https://cdn.example.com/account/mf-manifest.json';
    await writeFile(
      join(ctx.dir, 'remotes.json'),
      JSON.stringify({ remotes: [{ name: 'account', entry: elsewhere }] }),
    );
    // Another host's build cannot be read here: its manifest is preloaded, the runtime does the rest.
    expect(await preloadsOf('/login')).toEqual([...SHELL_START, ['fetch', elsewhere]]);
    await rm(join(ctx.dir, 'remotes.json'));
  });

  it('leave the page whole when a build cannot be read', async () => {
    const manifest = join(ctx.dir, 'apps/shell/dist/load-manifest.json');
    await writeFile(manifest, 'not json');
    const reply = await server.app.inject({ method: 'GET', url: '/login' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('id="sy-remotes"');
    expect(reply.body).not.toContain('rel="preload"');
    await write(manifest, LOAD_MANIFEST);
  });
});
