// Hosts the console builds: the shell at / (history fallback), remotes under /remotes/<name>/.
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_REMOTE_MAP,
  INLINE_REMOTES_ID,
  isRemoteName,
  type PublicStatus,
  parseRemoteMap,
  type RemoteMap,
} from '@switchyard/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate } from '../i18n';
import { jsonScriptTag } from '../lib/html';
import { preloadLinks, preloadTags } from './console-preload';
import { signInFormApplies, signInFormHtml } from './console-sign-in';
import type { NotFoundFallback } from './errors';
import { pathOf } from './errors';

export interface ConsoleOptions {
  consoleDir: string;
  remotesDir: string;
  remotesFile: string;
  /** Where a developer's own browser may load a remote from instead: sent with the remote map when
   * configured (REMOTE_OVERRIDE_ORIGINS), else the shell's defaults apply. */
  remoteOverrideOrigins?: string[];
  remoteOverrideOriginsSet?: boolean;
  /** The signed-in caller's role from the session cookie, null for a guest (for preloads). */
  roleOf?: (request: FastifyRequest) => Promise<number | null>;
  /** The public status, for the sign-in form sent with /login (none without it). */
  statusOf?: () => PublicStatus;
}

const NO_CACHE_FILES = new Set(['index.html', 'mf-manifest.json', 'remotes.json']);
const REMOTE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
/** Paths the history fallback never answers: they belong to the API, relays and remotes. */
const NOT_CONSOLE = ['/api', '/v1', '/mj', '/suno', '/remotes'];

/** A root-relative file path, or null when it could leave the root or is not canonical. */
export function safeRelativePath(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  return segments.filter((segment) => segment.length > 0).join('/');
}

async function isFile(root: string, relative: string): Promise<boolean> {
  const full = resolve(root, relative);
  if (!full.startsWith(root + sep)) return false;
  try {
    return (await stat(full)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Unhashed images (the logo, the favicon): kept a few minutes, so the several places a page shows
 * the logo share one download instead of revalidating it each. */
const SHORT_CACHE_EXTENSIONS = /\.(png|svg|ico|jpe?g|webp|gif)$/i;

function cacheControlFor(relative: string): string {
  const segments = relative.split('/');
  const name = segments.at(-1) ?? '';
  if (NO_CACHE_FILES.has(name)) return 'no-cache';
  // Build output under static/ carries a content hash in its name.
  if (segments.slice(0, -1).includes('static')) return 'public, max-age=31536000, immutable';
  if (SHORT_CACHE_EXTENSIONS.test(name)) return 'public, max-age=300';
  return 'no-cache';
}

function sendFrom(reply: FastifyReply, root: string, relative: string): FastifyReply {
  reply.header('cache-control', cacheControlFor(relative));
  return reply.sendFile(`/${relative}`, root);
}

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

export async function registerConsole(
  app: FastifyInstance,
  options: ConsoleOptions,
): Promise<NotFoundFallback> {
  const shellDir = join(options.consoleDir, 'shell', 'dist');
  await app.register(fastifyStatic, {
    root: shellDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
  });

  const withOverrideOrigins = (map: RemoteMap): RemoteMap =>
    options.remoteOverrideOriginsSet
      ? { remotes: map.remotes, override_origins: options.remoteOverrideOrigins ?? [] }
      : { remotes: map.remotes };
  const readRemotesFile = async (request: FastifyRequest): Promise<RemoteMap> =>
    withOverrideOrigins(await readRemotesFileAsIs(request));
  const readRemotesFileAsIs = async (request: FastifyRequest): Promise<RemoteMap> => {
    let text: string;
    try {
      text = await readFile(options.remotesFile, 'utf8');
    } catch {
      return DEFAULT_REMOTE_MAP;
    }
    let map: RemoteMap | null = null;
    try {
      map = parseRemoteMap(JSON.parse(text));
    } catch {
      // not JSON: reported below like any other invalid file
    }
    if (map) return map;
    request.log.warn({ file: options.remotesFile }, 'invalid remotes file ignored');
    return DEFAULT_REMOTE_MAP;
  };

  app.get('/remotes.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readRemotesFile(request);
  });

  /** The folder a remote is served from: an uploaded build, else the built-in one. */
  const remoteRoot = async (name: string): Promise<string | undefined> => {
    if (!REMOTE_NAME.test(name)) return undefined;
    const uploaded = join(options.remotesDir, name);
    if (await isDirectory(uploaded)) return uploaded;
    return isRemoteName(name) ? join(options.consoleDir, name, 'dist') : undefined;
  };

  app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', async (request, reply) => {
    const relative = safeRelativePath(request.params['*']);
    const root = relative ? await remoteRoot(request.params.name) : undefined;
    if (!root || !relative || !(await isFile(root, relative))) return notFound(reply);
    return sendFrom(reply, root, relative);
  });

  return async (request, reply) => {
    const path = pathOf(request);
    const excluded = NOT_CONSOLE.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || excluded) return notFound(reply);
    if (!(await isFile(shellDir, 'index.html'))) {
      const message = translate(languageOf(request), 'console.notBuilt');
      return reply.code(503).type('text/plain; charset=utf-8').send(message);
    }
    const relative = safeRelativePath(path);
    if (relative === null) return notFound(reply);
    if (relative === 'index.html') return sendIndex(request, reply);
    if (relative && (await isFile(shellDir, relative))) return sendFrom(reply, shellDir, relative);
    // A missing asset (the last segment has an extension) is a 404, not the app page.
    if (/\.[a-z0-9]+$/i.test(relative.split('/').at(-1) ?? '')) return notFound(reply);
    return sendIndex(request, reply);
  };

  /**
   * The app page, with the current remote map embedded (the shell registers its remotes without
   * waiting for a /remotes.json round trip; it still fetches that file when retrying a remote) and
   * preload links for everything the shell and the requested route's remote module will fetch.
   */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [html, remotes, role] = await Promise.all([
      readFile(join(shellDir, 'index.html'), 'utf8'),
      readRemotesFile(request),
      options.roleOf ? options.roleOf(request) : null,
    ]);
    const query = request.query as Record<string, unknown> | undefined;
    // Preloads only speed the page up: a build that cannot be read costs them, not the page.
    const links = await preloadLinks({ shellDir, remoteRoot }, remotes, {
      pathname: pathOf(request),
      tab: typeof query?.tab === 'string' ? query.tab : undefined,
      role,
    }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'console preload links skipped');
      return [];
    });
    const page = html.replace(
      '</head>',
      `${preloadTags(links)}${jsonScriptTag(INLINE_REMOTES_ID, remotes)}</head>`,
    );
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(role === null ? withSignInForm(request, page) : page);
  }

  /** /login for a guest, where plain password sign-in is on: the form in the page itself. */
  function withSignInForm(request: FastifyRequest, page: string): string {
    const status = options.statusOf?.();
    if (pathOf(request) !== '/login' || !status || !signInFormApplies(status)) return page;
    const query = request.query as Record<string, unknown> | undefined;
    const form = signInFormHtml({
      language: languageOf(request),
      status,
      expired: query?.expired === 'true',
    });
    return page.replace(/<body[^>]*>/i, (body) => `${body}${form}`);
  }
}
