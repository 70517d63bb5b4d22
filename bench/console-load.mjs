// Console load cost, cold cache, median of N: FCP, LCP, the page's key element visible ("ready"),
// JS bytes as sent, requests and sequential round trips ("waves") before ready, for /login as a
// guest and /token and /log signed in, unthrottled and on a mobile profile (150 ms RTT,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower), in headless Debian chromium on loopback.
// With --reference-dir <dist> the reference console's build is served by a small static server
// (gzip, SPA fallback, a stub /api/status) and measured interleaved with ours, run by run.
// With --baseline-dir <dir> a second server hosts another build of our console (a folder holding
// shell/dist, account/dist, …, e.g. a copy of apps/*/dist taken before a change), measured
// interleaved as "switchyard-before", so a change's before and after share one run; with
// --baseline-server <main.js> that server is another build of the server too (the page it writes
// is part of the change).
// Usage: node bench/console-load.mjs [--runs 5] [--profiles fast,mobile] [--pages login,token,log]
//   [--reference-dir DIR] [--baseline-dir DIR] [--baseline-server FILE] [--without-preloads]
// (build the console first: npm run build)
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { repoRoot } from '../scripts/lib/setup.mjs';
import { startServer } from '../scripts/lib/spawn-server.mjs';
import { median, writeResult } from './lib/results.mjs';

if (process.argv.includes('--help')) {
  console.log(
    'node bench/console-load.mjs [--runs 5] [--profiles fast,mobile] [--pages login,token,log]\n' +
      '  [--reference-dir DIR] [--baseline-dir DIR] [--baseline-server FILE] [--without-preloads]\n' +
      'Cold loads in headless chromium, median of --runs; see bench/README.md.',
  );
  process.exit(0);
}

const argument = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const runs = Number(argument('--runs')) || 5;
const referenceDir = argument('--reference-dir');
const baselineDir = argument('--baseline-dir');
const baselineServer = argument('--baseline-server');
const profileNames = (argument('--profiles') ?? 'fast,mobile').split(',');
const pageKeys = (argument('--pages') ?? 'login,token,log').split(',');
/** Also measure our console with the page's preload links stripped, to see what they bring. */
const withoutPreloads = process.argv.includes('--without-preloads');

const PROFILES = {
  fast: { name: 'unthrottled' },
  mobile: {
    name: 'mobile',
    network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
    cpuRate: 4,
  },
};

const server = await startServer({
  port: 3290,
  dataDir: path.join(repoRoot, '.cache/bench-console'),
  env: { GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' },
});
const baseline = baselineDir
  ? await startServer({
      port: 3295,
      dataDir: path.join(repoRoot, '.cache/bench-console-baseline'),
      ...(baselineServer ? { entry: path.resolve(baselineServer) } : {}),
      env: {
        GLOBAL_API_RATE_LIMIT: '0',
        CRITICAL_RATE_LIMIT: '0',
        CONSOLE_DIR: path.resolve(baselineDir),
      },
    })
  : null;
const reference = referenceDir ? await serveReference(path.resolve(referenceDir), 3291) : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * The reference console's dist: files gzip-compressed once (as its nginx/Go server sends them),
 * index.html for any other path, `/api/status` a plain public status, any other `/api` call an
 * empty success so pages render their empty state.
 */
async function serveReference(root, port) {
  const gzipped = new Map();
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
    '.woff2': 'font/woff2',
  };
  const status = {
    success: true,
    message: '',
    data: {
      system_name: 'New API',
      version: 'v0.2.7.4',
      start_time: 0,
      setup: true,
      turnstile_check: false,
      email_verification: false,
      github_oauth: false,
      wechat_login: false,
      telegram_oauth: false,
      display_in_currency: true,
      quota_per_unit: 500000,
      enable_drawing: false,
      enable_task: false,
      enable_data_export: false,
      chats: [],
      docs_link: '',
      server_address: `http://127.0.0.1:${port}`,
    },
  };
  const http = createServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/status') return sendJson(response, status);
    if (url.pathname.startsWith('/api/'))
      return sendJson(response, {
        success: true,
        message: '',
        data: { items: [], total: 0, page: 1 },
      });
    let file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !isFile(file)) file = path.join(root, 'index.html');
    const type = types[path.extname(file)] ?? 'application/octet-stream';
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }));
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    response.writeHead(200, {
      'content-type': type,
      'content-encoding': 'gzip',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(gzipped.get(file));
  });
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => http.close(r)) };
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function sendJson(response, body) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** In the page: the time the selector first matches a visible element ("ready"), the time the
 * `shown` selector does (the server's sign-in form counts as the form shown: it takes typing), and
 * the latest LCP. */
function watchReady({ selector, shown }) {
  window.__bench = { ready: null, shown: null, lcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const visible = (query) => {
    const element = document.querySelector(query);
    return element !== null && element.getClientRects().length > 0;
  };
  const check = () => {
    if (window.__bench.shown === null && visible(shown)) window.__bench.shown = performance.now();
    if (window.__bench.ready !== null) return;
    if (visible(selector)) window.__bench.ready = performance.now();
    else requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  requestAnimationFrame(check);
}

/** What the page fetched from the network before it was ready, from Resource Timing (one clock
 * with `ready`). */
function collectTimings(ready) {
  const navigation = performance.getEntriesByType('navigation')[0];
  const entries = [
    {
      name: navigation.name,
      startTime: 0,
      responseEnd: navigation.responseEnd,
      bytes: navigation.encodedBodySize,
    },
    ...performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name,
      startTime: entry.startTime,
      responseEnd: entry.responseEnd,
      bytes: entry.encodedBodySize,
      // 0 for a cache hit (a logo shown twice): not a request on the network.
      transferred: entry.transferSize,
    })),
  ].filter((entry) => entry.startTime <= ready && entry.transferred !== 0);
  return entries;
}

/**
 * Sequential round trips: the document is wave 1; a request is one wave after the latest wave that
 * had finished a response before it started (what it could have been waiting for).
 */
function countWaves(entries) {
  const sorted = [...entries].sort((a, b) => a.startTime - b.startTime);
  const waves = [];
  for (const entry of sorted) {
    let wave = 1;
    for (let i = 0; i < waves.length; i += 1) {
      if (sorted[i].responseEnd <= entry.startTime) wave = Math.max(wave, waves[i] + 1);
    }
    waves.push(wave);
  }
  return Math.max(0, ...waves);
}

/** Loads a path in a fresh context (empty cache) under a profile. */
async function measure(target, scenario, profile) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (scenario.signedIn) await target.signIn(context);
  await context.addInitScript(watchReady, {
    selector: target.selectors[scenario.key],
    shown: target.shown?.[scenario.key] ?? target.selectors[scenario.key],
  });
  const page = await context.newPage();
  if (target.stripPreloads) {
    await page.route(target.url + scenario.path, async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<link rel="(preload|prefetch)"[^>]*>/g, '')
        .replace(/<script type="application\/json" id="sy-page-hints">.*?<\/script>/, '');
      await route.fulfill({ response, body });
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  }
  if (profile.cpuRate) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  await page.goto(target.url + scenario.path);
  await page.waitForFunction(() => window.__bench.ready !== null, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { ready, shown, lcp, fcp } = await page.evaluate(() => ({
    ...window.__bench,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
  const entries = await page.evaluate(collectTimings, ready);
  await context.close();
  const js = entries.filter((entry) => /\.m?js(\?|$)/.test(entry.name));
  return {
    fcp,
    lcp: lcp ?? Number.NaN,
    ready,
    shown: shown ?? ready,
    jsBytes: js.reduce((sum, entry) => sum + entry.bytes, 0),
    requests: entries.length,
    waves: countWaves(entries),
  };
}

/** Our console as one server hosts it. */
const switchyard = (label, host) => ({
  label,
  url: host.url,
  selectors: {
    login: '[data-testid="login-username"]',
    token: '[data-testid="tokens-page"]',
    log: '[data-testid="logs-page"]',
  },
  // The sign-in form the server sends with /login, before the console's own form replaces it.
  shown: { login: '#sy-sign-in input[name="username"], [data-testid="login-username"]' },
  async signIn(context) {
    const login = await context.request.post(`${host.url}/api/user/login`, {
      data: { username: 'root', password: '123456' },
    });
    const { data } = await login.json();
    await context.addInitScript((user) => localStorage.setItem('user', JSON.stringify(user)), data);
  },
});
const ours = switchyard('switchyard', server);
const theirs = reference && {
  label: 'reference',
  url: reference.url,
  // new-api v0.2.7.4 (Semi UI): the login form's username field; the token and log tables.
  selectors: { login: 'input[name="username"]', token: '.semi-table', log: '.semi-table' },
  async signIn(context) {
    const user = { id: 1, username: 'root', role: 100, status: 1 };
    await context.addInitScript(
      (value) => localStorage.setItem('user', JSON.stringify(value)),
      user,
    );
  },
};

const scenarios = [
  { key: 'login', path: '/login', signedIn: false },
  { key: 'token', path: '/token', signedIn: true },
  { key: 'log', path: '/log', signedIn: true },
];
const targets = [
  ours,
  baseline && switchyard('switchyard-before', baseline),
  withoutPreloads && { ...ours, label: 'switchyard-no-preload', stripPreloads: true },
  theirs,
].filter(Boolean);
const samples = new Map();
const keyOf = (target, scenario, profile) => `${target.label} ${scenario.path} ${profile.name}`;
try {
  // Interleaved: each run visits every target, page and profile before the next run starts.
  for (let run = 0; run < runs; run += 1) {
    for (const profile of profileNames.map((name) => PROFILES[name])) {
      for (const scenario of scenarios.filter((entry) => pageKeys.includes(entry.key))) {
        for (const target of targets) {
          const key = keyOf(target, scenario, profile);
          const sample = await measure(target, scenario, profile);
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          console.log(
            `run ${run + 1} ${key}: FCP ${sample.fcp.toFixed(0)} LCP ${sample.lcp.toFixed(0)} shown ${sample.shown.toFixed(0)} ready ${sample.ready.toFixed(0)} ms, JS ${(sample.jsBytes / 1024).toFixed(1)} KiB, ${sample.requests} requests, ${sample.waves} waves`,
          );
        }
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await baseline?.stop();
  await reference?.close();
}

const rows = [...samples.entries()].map(([key, list]) => {
  const [label, page, profile] = key.split(' ');
  const m = (field) => median(list.map((sample) => sample[field]));
  return [
    label,
    page,
    profile,
    m('fcp').toFixed(0),
    m('lcp').toFixed(0),
    m('shown').toFixed(0),
    m('ready').toFixed(0),
    (m('jsBytes') / 1024).toFixed(1),
    m('requests'),
    m('waves'),
  ];
});
for (const row of rows) console.log(row.join('\t'));
writeResult('console-load', {
  runs,
  columns: [
    'console',
    'page',
    'profile',
    'FCP ms',
    'LCP ms',
    'form/page shown ms',
    'ready ms',
    'JS KiB (as sent)',
    'requests before ready',
    'round trips before ready',
  ],
  rows,
});
