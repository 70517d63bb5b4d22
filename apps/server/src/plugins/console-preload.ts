// Preload links for an app page: what the shell fetches at start and, for the route requested, its
// remote's manifest, entry and exposed module with the shared modules it consumes, so a cold load is
// the HTML and then everything at once instead of one round trip per step of discovery. Read from
// the shell build's load-manifest.json and the live remote builds' mf-manifest.json/mf-stats.json,
// so an uploaded remote is preloaded as it is now. Only routes the caller's role may open are
// preloaded; a guest asking for a protected page gets the sign-in page's (where the shell sends it).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteMap } from '@switchyard/contracts';
import { INLINE_PAGE_HINTS_ID, type PageHint } from '@switchyard/contracts/page-hints';
import { escapeHtml, jsonScriptTag } from '../lib/html';

/** Mirrors @switchyard/build's LoadManifest (the server does not depend on the build package). */
interface LoadGroup {
  js: string[];
  css: string[];
  requires: string[];
}

interface Guard {
  access: 'open' | 'protected';
  role?: number;
}

interface LoadRoute extends Guard {
  path: string;
  module?: string;
  tabs?: (Guard & { key: string; module: string })[];
}

interface LoadManifest {
  routes: LoadRoute[];
  entry: LoadGroup;
  bootstrap: LoadGroup;
  shared: Record<string, LoadGroup>;
  /** Every shared module the shell provides (absent from manifests written before it was added). */
  provided?: string[];
  /** Script file → the shared modules it consumes (absent from manifests written before). */
  consumes?: Record<string, string[]>;
}

interface Assets {
  js: { sync: string[] };
  css: { sync: string[] };
}

interface RemoteAssets {
  metaData?: { remoteEntry?: { name: string; path?: string } };
  exposes: { name: string; assets: Assets }[];
  /** The remote's own copies of shared modules (used when the shell provides none). */
  shared?: { name: string; assets: Assets }[];
}

interface RemoteStats {
  exposes?: { name: string; requires?: string[] }[];
}

export interface PreloadLink extends Omit<PageHint, 'rel'> {
  /** 'stylesheet': the start's styles for a signed-in caller (see preloadLinks). */
  rel: PageHint['rel'] | 'stylesheet';
  /**
   * 'head': a link in the page's head (the shell's start and the remote's manifest); 'entry': a
   * hint the shell's entry requests when it runs (the route's files, which fetched beside the entry
   * slowed it on a slow link).
   */
  stage: 'head' | 'entry';
}

export interface PreloadSources {
  shellDir: string;
  /** The folder a remote served from this origin is read from (uploaded or built-in), if any. */
  remoteRoot: (name: string) => Promise<string | undefined>;
}

const LOGIN_PATH = '/login';

/** Parsed JSON files, kept until the file changes. */
const cache = new Map<string, { mtimeMs: number; value: unknown }>();

async function readJson<T>(path: string): Promise<T | null> {
  try {
    const { mtimeMs } = await stat(path);
    const cached = cache.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.value as T;
    const value = JSON.parse(await readFile(path, 'utf8')) as T;
    cache.set(path, { mtimeMs, value });
    return value;
  } catch {
    return null;
  }
}

export function mayOpen(guard: Guard, role: number | null): boolean {
  if (guard.access === 'open') return true;
  if (role === null) return false;
  return guard.role === undefined || role >= guard.role;
}

/** The route a path opens: static segments beat parameters, `*` comes last (as the router ranks). */
export function routeForPath(
  routes: readonly LoadRoute[],
  pathname: string,
): LoadRoute | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: { route: LoadRoute; score: number } | undefined;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    let score: number;
    if (route.path === '*') score = 0;
    else if (pattern.length !== segments.length) continue;
    else {
      const matches = pattern.every((part, i) => part.startsWith(':') || part === segments[i]);
      if (!matches) continue;
      score = 1 + pattern.filter((part) => !part.startsWith(':')).length;
    }
    if (!best || score > best.score) best = { route, score };
  }
  return best?.route;
}

/** The remote module the page opens for this caller, or null (a shell page, or not allowed). */
export function moduleFor(
  routes: readonly LoadRoute[],
  pathname: string,
  tab: string | undefined,
  role: number | null,
): string | null {
  const route = routeForPath(routes, pathname);
  if (!route) return null;
  if (!mayOpen(route, role)) {
    return role === null && pathname !== LOGIN_PATH
      ? moduleFor(routes, LOGIN_PATH, undefined, role)
      : null;
  }
  if (route.tabs) {
    const chosen = route.tabs.find((candidate) => candidate.key === tab) ?? route.tabs[0];
    return chosen && mayOpen(chosen, role) ? chosen.module : null;
  }
  return route.module ?? null;
}

/** Every shell chunk the named shared modules need, following what their chunks consume. */
function sharedFiles(
  manifest: LoadManifest,
  names: readonly string[],
  links: LinkList,
  stage: PreloadLink['stage'],
): void {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const group = manifest.shared[name];
    if (!group) return;
    for (const file of group.js) links.add(`/${file}`, 'script', 'preload', stage);
    for (const file of group.css) links.add(`/${file}`, 'style', 'preload', stage);
    for (const required of group.requires) visit(required);
  };
  for (const name of names) visit(name);
}

class LinkList {
  readonly links: PreloadLink[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly skip: ReadonlySet<string>) {}
  add(
    href: string,
    as: PreloadLink['as'],
    rel: PreloadLink['rel'] = 'preload',
    stage: PreloadLink['stage'] = 'head',
  ): void {
    if (this.skip.has(href) || this.seen.has(href)) return;
    this.seen.add(href);
    this.links.push({ href, as, rel, stage });
  }
}

/** The remote's links: manifest, entry, the exposed module's chunks and the shared modules it uses. */
async function addRemote(
  sources: PreloadSources,
  manifest: LoadManifest,
  remotes: RemoteMap,
  module: string,
  links: LinkList,
): Promise<void> {
  const [name = '', expose = ''] = module.split('/');
  const entry = remotes.remotes.find((remote) => remote.name === name)?.entry;
  if (!entry) return;
  links.add(entry, 'fetch');
  // Only a build this server hosts (under /remotes/<folder>/) can be read; another host's is left
  // to the runtime.
  const folder = /^\/remotes\/([^/]+)\/mf-manifest\.json$/.exec(entry)?.[1];
  const root = folder ? await sources.remoteRoot(folder) : undefined;
  if (!root) return;
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const [assets, stats] = await Promise.all([
    readJson<RemoteAssets>(join(root, 'mf-manifest.json')),
    readJson<RemoteStats>(join(root, 'mf-stats.json')),
  ]);
  const exposed = assets?.exposes?.find((candidate) => candidate.name === expose);
  const remoteEntry = assets?.metaData?.remoteEntry;
  if (!exposed || !remoteEntry) return;
  const entryFile = `${remoteEntry.path ?? ''}${remoteEntry.name}`;
  links.add(base + entryFile.replace(/^\//, ''), 'script', 'prefetch', 'entry');
  // What the remote's scripts consume in turn, from the load-manifest.json its build writes: a
  // shared module the shell provides comes from the shell's chunks; one it does not (the contracts'
  // schemas, the kit's list: no shell page uses them) from the remote's own copy, which consumes
  // shared modules of its own (the list: Arco's Table). Named here, they come with the rest
  // instead of rounds later.
  const provided = manifest.provided;
  const remoteLoads = await readJson<Partial<Pick<LoadManifest, 'shared' | 'consumes'>>>(
    join(root, 'load-manifest.json'),
  );
  const seen = new Set<string>();
  const need = (name: string) => {
    if (!provided || provided.includes(name)) sharedFiles(manifest, [name], links, 'entry');
    else addOwn(name);
  };
  const addScript = (file: string) => {
    links.add(base + file, 'script', 'prefetch', 'entry');
    for (const required of remoteLoads?.consumes?.[file] ?? []) need(required);
  };
  const addOwn = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const own = assets?.shared?.find((candidate) => candidate.name === name)?.assets;
    for (const file of own?.js.sync ?? []) addScript(file);
    for (const file of own?.css.sync ?? []) links.add(base + file, 'style', 'prefetch', 'entry');
    for (const required of remoteLoads?.shared?.[name]?.requires ?? []) need(required);
  };
  for (const file of exposed.assets.js.sync) addScript(file);
  for (const file of exposed.assets.css.sync) links.add(base + file, 'style', 'prefetch', 'entry');
  const requires = stats?.exposes?.find((candidate) => candidate.name === expose)?.requires ?? [];
  for (const name of requires) need(name);
}

/** The preload links of the page at `pathname` for a caller of `role` (null: a guest). */
export async function preloadLinks(
  sources: PreloadSources,
  remotes: RemoteMap,
  page: { pathname: string; tab?: string; role: number | null },
): Promise<PreloadLink[]> {
  const manifest = await readJson<LoadManifest>(join(sources.shellDir, 'load-manifest.json'));
  if (!manifest) return [];
  // index.html's own script tags load the entry; preloading them again would add nothing.
  const links = new LinkList(new Set(manifest.entry.js.map((file) => `/${file}`)));
  for (const file of manifest.bootstrap.js) links.add(`/${file}`, 'script');
  // For a signed-in caller the start's styles are the page's stylesheet: the page has nothing to
  // paint before the console renders, which needs them, so they block nothing, and they are parsed
  // as they arrive, while the main thread waits for the entry, not when the start asks for them
  // (a synchronous parse of some 200 KB in the middle of the start). A guest's page paints the
  // sign-in form at once, so for a guest they stay a preload.
  for (const file of manifest.bootstrap.css) {
    links.add(`/${file}`, 'style', page.role === null ? 'preload' : 'stylesheet');
  }
  sharedFiles(manifest, manifest.bootstrap.requires, links, 'head');
  const module = moduleFor(manifest.routes, page.pathname, page.tab, page.role);
  if (module) await addRemote(sources, manifest, remotes, module, links);
  return links.links;
}

/**
 * What the page's head carries: `<link rel="preload|prefetch">` tags for the head's links (a fetch
 * preload is CORS-mode so the runtime's fetch() reuses it: the manifest preload is always used at
 * once, by the runtime's first fetch), and the entry's hints as a JSON data block.
 */
export function preloadTags(links: readonly PreloadLink[]): string {
  const tags = links
    .filter((link) => link.stage === 'head')
    .map(({ href, as, rel }) => {
      if (rel === 'stylesheet') return `<link rel="stylesheet" href="${escapeHtml(href)}">`;
      const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
      return `<link rel="${rel}" as="${as}" href="${escapeHtml(href)}"${cors}>`;
    })
    .join('');
  const hints: PageHint[] = links.flatMap(({ href, as, rel, stage }) =>
    stage === 'entry' && rel !== 'stylesheet' ? [{ href, as, rel }] : [],
  );
  if (hints.length === 0) return tags;
  return `${tags}${jsonScriptTag(INLINE_PAGE_HINTS_ID, hints)}`;
}
