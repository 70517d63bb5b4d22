// Console load cost: bytes (gzip, as sent), first contentful paint and the time until the page is
// usable (its key element visible) for /login as a guest and /token right after sign-in, in
// headless Debian chromium on loopback, cold cache, median of 5.
// Usage: node bench/console-load.mjs [--runs 5]   (build the console first: npm run build)
import path from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from '../scripts/lib/setup.mjs';
import { startServer } from '../scripts/lib/spawn-server.mjs';
import { median, writeResult } from './lib/results.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const server = await startServer({
  port: 3290,
  dataDir: path.join(repoRoot, '.cache/bench-console'),
  env: { GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** Loads a path in a fresh context (empty cache) and measures what crossed the wire. */
async function measure(pathname, prepare, readySelector) {
  const context = await browser.newContext();
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    const type = request.resourceType();
    if (sizes) responses.push({ url: request.url(), type, bytes: sizes.responseBodySize });
  });
  await page.goto(server.url + pathname);
  await page.locator(readySelector).first().waitFor();
  const ready = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await context.close();
  const sum = (type) => responses.filter((r) => r.type === type).reduce((s, r) => s + r.bytes, 0);
  return {
    js: sum('script'),
    css: sum('stylesheet'),
    requests: responses.length,
    jsFiles: responses.filter((r) => r.type === 'script').length,
    fcp,
    ready,
  };
}

async function signedIn(context) {
  const login = await context.request.post(`${server.url}/api/user/login`, {
    data: { username: 'root', password: '123456' },
  });
  const { data } = await login.json();
  await context.addInitScript((user) => localStorage.setItem('user', JSON.stringify(user)), data);
}

// Ready: the login form for /login; for /token the page area with its remote's page or fallback.
const scenarios = [
  ['/login (guest)', '/login', undefined, '[data-testid="login-username"]'],
  ['/token (signed in)', '/token', signedIn, '[data-remote], [data-testid="remote-fallback"]'],
];
const rows = [];
try {
  for (const [name, pathname, prepare, readySelector] of scenarios) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await measure(pathname, prepare, readySelector));
    const row = {
      page: name,
      jsKiB: median(samples.map((s) => s.js)) / 1024,
      cssKiB: median(samples.map((s) => s.css)) / 1024,
      jsFiles: median(samples.map((s) => s.jsFiles)),
      requests: median(samples.map((s) => s.requests)),
      fcpMs: median(samples.map((s) => s.fcp)),
      readyMs: median(samples.map((s) => s.ready)),
    };
    rows.push(row);
    console.log(
      `${row.page}: JS ${row.jsKiB.toFixed(1)} KiB gzip in ${row.jsFiles} files, CSS ${row.cssKiB.toFixed(1)} KiB, ${row.requests} requests, FCP ${row.fcpMs.toFixed(0)} ms, ready ${row.readyMs.toFixed(0)} ms (median of ${runs})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
writeResult('console-load', {
  runs,
  columns: [
    'page',
    'JS KiB (gzip)',
    'JS files',
    'CSS KiB (gzip)',
    'requests',
    'FCP ms',
    'ready ms',
  ],
  rows: rows.map((r) => [
    r.page,
    r.jsKiB.toFixed(1),
    r.jsFiles,
    r.cssKiB.toFixed(1),
    r.requests,
    r.fcpMs.toFixed(0),
    r.readyMs.toFixed(0),
  ]),
});
