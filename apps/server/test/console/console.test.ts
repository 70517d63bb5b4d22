// Console hosting: shell with history fallback, remotes (with uploaded overrides), remotes.json.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_REMOTE_MAP, INLINE_REMOTES_ID } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;

const write = async (path: string, content: string | Buffer) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
};

const INDEX = '<!doctype html><html><head><title>shell</title></head><body></body></html>';

/** The app page as served: index.html with the remote map embedded before </head>. */
const servedIndex = (map: unknown) =>
  INDEX.replace(
    '</head>',
    `<script type="application/json" id="${INLINE_REMOTES_ID}">${JSON.stringify(map).replace(/</g, '\\u003c')}</script></head>`,
  );
const SECRET = 'top-secret-content';

beforeAll(async () => {
  ctx = await createTestContext();
  const apps = join(ctx.dir, 'apps');
  const js = 'console.log("shell")';
  await write(join(apps, 'shell/dist/index.html'), INDEX);
  await write(join(apps, 'shell/dist/static/js/main.abc123.js'), js);
  await write(join(apps, 'shell/dist/static/js/main.abc123.js.gz'), gzipSync(js));
  await write(join(apps, 'shell/dist/static/js/main.abc123.js.br'), brotliCompressSync(js));
  await write(join(apps, 'shell/dist/favicon.ico'), 'icon');
  await write(join(apps, 'account/dist/mf-manifest.json'), '{"name":"account"}');
  await write(join(apps, 'account/dist/static/js/page.def456.js'), 'account()');
  await write(join(apps, 'billing/dist/mf-manifest.json'), '{"name":"billing-built-in"}');
  await write(join(ctx.dir, 'remotes/billing/mf-manifest.json'), '{"name":"billing-uploaded"}');
  await write(join(ctx.dir, 'secret.txt'), SECRET);
  await write(join(apps, 'secret.txt'), SECRET);
  server = await ctx.start();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('shell', () => {
  it('serves index.html at / without caching', async () => {
    const reply = await get('/');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe(servedIndex(DEFAULT_REMOTE_MAP));
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('falls back to index.html for console routes', async () => {
    for (const url of ['/token', '/user/edit/5', '/setting?tab=system', '/register']) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body).toBe(servedIndex(DEFAULT_REMOTE_MAP));
    }
  });

  it('serves hashed static files as immutable, brotli or gzip when accepted', async () => {
    const plain = await get('/static/js/main.abc123.js');
    expect(plain.body).toBe('console.log("shell")');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzipped = await get('/static/js/main.abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/javascript/);
    const brotli = await get('/static/js/main.abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync(plain.body))).toBe(true);
  });

  it('keeps unhashed images a few minutes, so a logo shown twice is downloaded once', async () => {
    const reply = await get('/favicon.ico');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=300');
  });

  it('a missing asset is a 404, not the app page', async () => {
    const reply = await get('/static/js/missing.js');
    expect(reply.statusCode).toBe(404);
  });

  it('does not answer API, relay or remote paths with the app page', async () => {
    expect((await get('/api/unknown')).statusCode).toBe(404);
    expect((await get('/v1/unknown')).statusCode).toBe(404);
    expect((await get('/mj/unknown')).body).not.toBe(INDEX);
    expect((await get('/remotes/nothing-here')).body).not.toBe(INDEX);
  });

  it('answers 503 with a hint when the shell has not been built', async () => {
    const bare = await ctx.start({ CONSOLE_DIR: join(ctx.dir, 'empty') });
    const reply = await bare.app.inject({ method: 'GET', url: '/' });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['content-type']).toMatch(/text\/plain/);
    expect(reply.body).toMatch(/npm run build/);
  });
});

describe('remotes', () => {
  it('serves a built-in remote from <CONSOLE_DIR>/<name>/dist', async () => {
    const reply = await get('/remotes/account/mf-manifest.json');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ name: 'account' });
    expect(reply.headers['cache-control']).toBe('no-cache');
    const chunk = await get('/remotes/account/static/js/page.def456.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('prefers an uploaded build in REMOTES_DIR', async () => {
    expect((await get('/remotes/billing/mf-manifest.json')).json()).toEqual({
      name: 'billing-uploaded',
    });
  });

  it('404s an unknown remote or file', async () => {
    expect((await get('/remotes/unknown/mf-manifest.json')).statusCode).toBe(404);
    expect((await get('/remotes/account/nope.json')).statusCode).toBe(404);
  });
});

describe('/remotes.json', () => {
  const file = () => join(ctx.dir, 'remotes.json');

  it('lists the five built-in remotes by default', async () => {
    const reply = await get('/remotes.json');
    expect(reply.json()).toEqual(DEFAULT_REMOTE_MAP);
    expect(reply.json().remotes).toHaveLength(5);
    expect(reply.headers['cache-control']).toBe('no-cache');
  });

  it('follows REMOTES_FILE without a restart, and ignores an invalid one', async () => {
    const custom = {
      remotes: [{ name: 'billing', entry: 'https://cdn.example.com/billing/mf-manifest.json' }],
    };
    await writeFile(file(), JSON.stringify(custom));
    expect((await get('/remotes.json')).json()).toEqual(custom);
    await writeFile(file(), '{"remotes": "nope"}');
    expect((await get('/remotes.json')).json()).toEqual(DEFAULT_REMOTE_MAP);
    await writeFile(file(), 'not json');
    expect((await get('/remotes.json')).json()).toEqual(DEFAULT_REMOTE_MAP);
    await rm(file());
  });

  it('is embedded in the app page, current on every request', async () => {
    const custom = { remotes: [{ name: 'account', entry: '/remotes/account-2/mf-manifest.json' }] };
    await writeFile(file(), JSON.stringify(custom));
    expect((await get('/token')).body).toBe(servedIndex(custom));
    expect((await get('/index.html')).body).toBe(servedIndex(custom));
    await rm(file());
    expect((await get('/token')).body).toBe(servedIndex(DEFAULT_REMOTE_MAP));
  });

  it('cannot close the embedding script element', async () => {
    const hostile = { remotes: [{ name: 'x', entry: '</script><script>alert(1)</script>' }] };
    await writeFile(file(), JSON.stringify(hostile));
    const body = (await get('/')).body;
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    expect(body).toContain('\\u003c/script>');
    await rm(file());
  });
});

describe('path traversal', () => {
  const attempts = [
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/static/../../secret.txt',
    '/static/%2e%2e/%2e%2e/%2e%2e/secret.txt',
    '/..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/remotes/account/../../secret.txt',
    '/remotes/account/%2e%2e/%2e%2e/secret.txt',
    '/remotes/account/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/remotes/..%2f..%2f/secret.txt',
    '/remotes/%2e%2e/secret.txt',
    '/remotes/account/..%00/secret.txt',
  ];

  for (const url of attempts) {
    it(`refuses ${url}`, async () => {
      const reply = await get(url);
      expect(reply.body).not.toContain(SECRET);
      expect(reply.statusCode).toBeLessThan(500);
    });
  }
});
