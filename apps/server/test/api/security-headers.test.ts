// Browser hardening headers (issue 15, finding 8): the console cannot be framed by another site
// (clickjacking of the token and settings pages), its pages carry a CSP that lets its own scripts
// and its remotes (also on other origins) run but no injected one, and no reply is MIME-sniffed.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/plugins/security-headers';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;

const write = async (path: string, content: string) => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
};
const BOOT = 'document.documentElement.dataset.theme="dark"';
const INDEX = `<!doctype html><html><head><script>${BOOT}</script><script src="/static/js/main.js"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

beforeAll(async () => {
  ctx = await createTestContext();
  await write(join(ctx.dir, 'apps/shell/dist/index.html'), INDEX);
  await write(
    join(ctx.dir, 'remotes.json'),
    JSON.stringify({
      remotes: [
        { name: 'billing', entry: 'https://cdn.example.com/billing/mf-manifest.json' },
        { name: 'account', entry: '/remotes/account/mf-manifest.json' },
      ],
    }),
  );
  server = await ctx.start();
});
afterAll(() => ctx.close());

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );

describe('console pages', () => {
  it('refuse framing and allow only their own scripts, by source or hash, and the remotes', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/token' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = directives(String(reply.headers['content-security-policy']));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).toContain('https://cdn.example.com');
    expect(scripts).toContain(sha(BOOT));
    // Every inline script the page itself carries is allowed by its hash; no other inline one is.
    const page = reply.body;
    for (const hash of inlineScriptHashes(page)) expect(scripts).toContain(hash);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain(sha('alert(document.cookie)'));
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
  });

  it('hashes only scripts a browser would run (a JSON data block needs nothing)', () => {
    const html =
      '<script type="application/json" id="remotes">{"remotes":[]}</script><script src="/a.js"></script><script type="module">go()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('go()')]);
  });

  it('let the online top-up form go to the payment gateway, and no form elsewhere', async () => {
    const before = directives(
      String(
        (await server.app.inject({ method: 'GET', url: '/topup' })).headers[
          'content-security-policy'
        ],
      ),
    );
    expect(before.get('form-action')).toEqual(["'self'"]);
    await server.runtime.options.set('PayAddress', 'https://pay.example.com/epay/');
    try {
      const reply = await server.app.inject({ method: 'GET', url: '/topup' });
      const csp = directives(String(reply.headers['content-security-policy']));
      expect(csp.get('form-action')).toEqual(["'self'", 'https://pay.example.com']);
    } finally {
      await server.runtime.options.set('PayAddress', '');
    }
  });

  it('API replies cannot be framed or sniffed either', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/api/status' });
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});
