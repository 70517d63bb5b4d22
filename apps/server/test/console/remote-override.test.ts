// Where a developer's own browser may load one remote from (issue 29, point 7): the console's CSP
// allows those origins for scripts and styles, /remotes.json names them when REMOTE_OVERRIDE_ORIGINS
// sets them, and a bad value stops the server at start.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_OVERRIDE_ORIGINS, overrideAllowed } from '@switchyard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestContext, type TestContext } from '../helpers/server';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const index = join(ctx.dir, 'apps/shell/dist/index.html');
  await mkdir(dirname(index), { recursive: true });
  await writeFile(index, '<!doctype html><html><head></head><body></body></html>');
});
afterAll(() => ctx.close());

const sources = (csp: unknown, directive = 'script-src') =>
  String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];
const scriptSources = (csp: unknown) => sources(csp);

describe('remote override origins', () => {
  it('by default: this machine on any port, in the CSP, and the map leaves them to the shell', async () => {
    const server = await ctx.start();
    const page = await server.app.inject({ method: 'GET', url: '/login' });
    const scripts = scriptSources(page.headers['content-security-policy']);
    for (const origin of DEFAULT_OVERRIDE_ORIGINS) expect(scripts).toContain(origin);
    // Its dev server's reload socket.
    const connect = sources(page.headers['content-security-policy'], 'connect-src');
    expect(connect).toEqual(["'self'", 'https:', 'http:', 'ws://localhost:*', 'ws://127.0.0.1:*']);
    const map = (await server.app.inject({ method: 'GET', url: '/remotes.json' })).json();
    expect(map.override_origins).toBeUndefined();
  });

  it('configured: exactly those origins, in the CSP and in /remotes.json; none turns it off', async () => {
    const team = await ctx.start({ REMOTE_OVERRIDE_ORIGINS: 'https://dev.example.test:8443' });
    const page = await team.app.inject({ method: 'GET', url: '/' });
    const scripts = scriptSources(page.headers['content-security-policy']);
    expect(scripts).toContain('https://dev.example.test:8443');
    expect(scripts).not.toContain('http://localhost:*');
    const map = (await team.app.inject({ method: 'GET', url: '/remotes.json' })).json();
    expect(map.override_origins).toEqual(['https://dev.example.test:8443']);
    expect(page.body).toContain('"override_origins":["https://dev.example.test:8443"]');

    const off = await ctx.start({ REMOTE_OVERRIDE_ORIGINS: 'none' });
    const offMap = (await off.app.inject({ method: 'GET', url: '/remotes.json' })).json();
    expect(offMap.override_origins).toEqual([]);
    const offPage = await off.app.inject({ method: 'GET', url: '/' });
    expect(scriptSources(offPage.headers['content-security-policy'])).not.toContain(
      'http://localhost:*',
    );
  });

  it('refuses a value that is not an origin', () => {
    for (const bad of ['localhost', 'http://localhost/path', 'ftp://x', "'unsafe-inline'"]) {
      expect(() => loadConfig({ REMOTE_OVERRIDE_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('overrideAllowed', () => {
  it('matches an origin or a host on any port, nothing else', () => {
    const sources = ['http://localhost:*', 'https://dev.example.test:8443'];
    expect(overrideAllowed('http://localhost:3105/mf-manifest.json', sources)).toBe(true);
    expect(overrideAllowed('http://localhost/mf-manifest.json', sources)).toBe(true);
    expect(overrideAllowed('https://dev.example.test:8443/m.json', sources)).toBe(true);
    expect(overrideAllowed('https://dev.example.test/m.json', sources)).toBe(false);
    expect(overrideAllowed('https://localhost:3105/m.json', sources)).toBe(false);
    expect(overrideAllowed('http://localhost.evil.test:3105/m.json', sources)).toBe(false);
    expect(overrideAllowed('http://127.0.0.2:3105/m.json', DEFAULT_OVERRIDE_ORIGINS)).toBe(false);
    expect(overrideAllowed('javascript:alert(1)', sources)).toBe(false);
    expect(overrideAllowed('http://localhost:1@evil.test/m.json', sources)).toBe(false);
    expect(overrideAllowed('HTTP://LOCALHOST:3105/m.json', sources)).toBe(true);
    expect(overrideAllowed('/remotes/x/mf-manifest.json', sources)).toBe(false);
  });
});
