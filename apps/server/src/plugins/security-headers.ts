// Browser-side hardening of every reply: no framing by other sites (clickjacking), no MIME sniffing,
// no full URL (reset tokens ride in query strings) sent to other origins; and on the console's HTML
// pages a Content-Security-Policy that the console's own scripts satisfy and an injected one does
// not. The shell loads remotes whose entries come from /remotes.json and may live on other origins,
// so those origins are allowed for scripts, styles and fonts; the page's own inline scripts are
// allowed by their hash (a `<script type="application/json">` data block needs nothing); Arco sets
// inline styles, so styles allow 'unsafe-inline' (styles cannot run code).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseRemoteMap } from '@switchyard/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Third-party scripts the console loads itself: Telegram's login widget, Cloudflare Turnstile. */
const WIDGET_SCRIPTS = ['https://telegram.org', 'https://challenges.cloudflare.com'];
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP hashes of the page's inline scripts that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!JS_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** Origins of remote entries that are absolute URLs in the remotes file (others are ours). */
export async function remoteOrigins(remotesFile: string): Promise<string[]> {
  let map: ReturnType<typeof parseRemoteMap> = null;
  try {
    map = parseRemoteMap(JSON.parse(await readFile(remotesFile, 'utf8')));
  } catch {
    return [];
  }
  const origins = new Set<string>();
  // A path on this server has no origin of its own.
  for (const { entry } of map?.remotes ?? [])
    for (const origin of originOf(entry)) origins.add(origin);
  return [...origins];
}

/** The origin of an absolute http(s) address, or nothing. */
export function originOf(address: string): string[] {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/** The WebSocket sources of http(s) sources (`http://localhost:*` → `ws://localhost:*`). */
const socketsOf = (sources: string[]): string[] =>
  sources.map((source) => source.replace(/^http(s?):/, 'ws$1:'));

export function consolePolicy(
  hashes: string[],
  origins: string[],
  formTargets: string[] = [],
  overrideOrigins: string[] = [],
): string {
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...hashes, ...origins, ...WIDGET_SCRIPTS)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...origins)}`,
    `font-src ${list("'self'", 'data:', ...origins)}`,
    // Logos, notices and drawings may point anywhere; the channel editor asks providers for their
    // model lists from the browser; the chat page and the home/about pages frame admin-set links.
    "img-src 'self' data: blob: https: http:",
    // A developer's override (README "Develop one remote alone") reloads through its dev server's
    // WebSocket.
    `connect-src ${list("'self'", 'https:', 'http:', ...socketsOf(overrideOrigins))}`,
    'frame-src https: http:',
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    // The online top-up posts its signed form to the payment gateway (PayAddress).
    `form-action ${list("'self'", ...formTargets)}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityPolicy(
  app: FastifyInstance,
  options: { remotesFile: string; overrideOrigins?: string[]; formTargets?: () => string[] },
): void {
  const withPolicy = async (reply: FastifyReply, html: string) => {
    // A developer's override (README "Develop one remote alone") loads from these origins too.
    const overrides = options.overrideOrigins ?? [];
    const origins = [...(await remoteOrigins(options.remotesFile)), ...overrides];
    reply.header(
      'content-security-policy',
      consolePolicy(inlineScriptHashes(html), origins, options.formTargets?.() ?? [], overrides),
    );
  };
  // A callback hook: only an HTML page waits for anything (the remotes file), every other reply
  // (each relayed one) passes on at once, without a promise (errors.ts' hook says why).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || reply.hasHeader('content-security-policy')) {
      done(null, payload);
      return;
    }
    const html =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
    withPolicy(reply, html).then(() => done(null, payload), done);
  });
}
