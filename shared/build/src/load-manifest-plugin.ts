// Writes dist/load-manifest.json beside the shell's build: the files a cold start fetches (the
// entry, the bootstrap chunk group) and, for each shared module the shell provides, its chunks and
// the shared modules those chunks consume in turn. The server reads it to answer a page with
// preload links for everything the page will ask for, instead of the browser discovering each
// step after the previous one ran.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

export const LOAD_MANIFEST_FILE = 'load-manifest.json';

/** Files of one chunk group (paths relative to the dist) and the shared modules it consumes. */
export interface LoadGroup {
  js: string[];
  css: string[];
  requires: string[];
}

/** A console route as the server needs it: the remote module it opens and who may open it. */
export interface LoadRoute {
  path: string;
  /** `remote/Module`; absent for the shell's own pages. */
  module?: string;
  access: 'open' | 'protected';
  role?: number;
  /** Pages with tabs (`?tab=<key>`): the module of each, the first being the default. */
  tabs?: { key: string; module: string; access: 'open' | 'protected'; role?: number }[];
}

export interface LoadManifest {
  routes: LoadRoute[];
  /** The entry's initial files (what index.html's script tags load). */
  entry: LoadGroup;
  /** The chunks of `import('./bootstrap')`, the shell's real start. */
  bootstrap: LoadGroup;
  /** Shared module name → the chunks the shell provides it with (not those in the entry). */
  shared: Record<string, LoadGroup>;
  /** Every shared module the shell provides, in its entry or not; a remote brings its own of the rest. */
  provided: string[];
  /** Script file → the shared modules its chunk consumes (what loading it asks for next). */
  consumes: Record<string, string[]>;
}

interface StatsChunk {
  id?: string | number | null;
  files?: string[];
  initial?: boolean;
  origins?: { moduleIdentifier?: string; request?: string }[];
}

interface StatsModule {
  identifier?: string;
  chunks?: (string | number)[] | null;
}

const PROVIDE = /^provide shared module \([^)]*\) (.+?)@\S* = /;
const CONSUME = /^consume shared module \([^)]*\) (.+?)@\S*(?: |$)/;
const BOOTSTRAP_REQUEST = './bootstrap';

const emptyGroup = (): LoadGroup => ({ js: [], css: [], requires: [] });

/** Shared module names each chunk consumes (chunk id → names). */
function consumesByChunk(modules: readonly StatsModule[]): Map<string, string[]> {
  const byChunk = new Map<string, string[]>();
  for (const module of modules) {
    const name = CONSUME.exec(module.identifier ?? '')?.[1];
    if (!name) continue;
    for (const id of module.chunks ?? []) {
      byChunk.set(String(id), [...(byChunk.get(String(id)) ?? []), name]);
    }
  }
  return byChunk;
}

function addChunk(group: LoadGroup, chunk: StatsChunk, consumes: string[], self?: string): void {
  for (const file of chunk.files ?? []) {
    if (file.endsWith('.js') && !group.js.includes(file)) group.js.push(file);
    if (file.endsWith('.css') && !group.css.includes(file)) group.css.push(file);
  }
  for (const name of consumes) {
    if (name !== self && !group.requires.includes(name)) group.requires.push(name);
  }
}

/** Builds the manifest from the stats' chunks (with their origins) and modules (with chunks). */
export function loadManifestFromStats(
  chunks: readonly StatsChunk[],
  modules: readonly StatsModule[],
): LoadManifest {
  const manifest: LoadManifest = {
    routes: [],
    entry: emptyGroup(),
    bootstrap: emptyGroup(),
    shared: {},
    provided: [],
    consumes: {},
  };
  for (const module of modules) {
    const provided = PROVIDE.exec(module.identifier ?? '')?.[1];
    if (provided && !manifest.provided.includes(provided)) manifest.provided.push(provided);
  }
  manifest.provided.sort();
  const consumes = consumesByChunk(modules);
  for (const chunk of chunks) {
    const consumed = consumes.get(String(chunk.id)) ?? [];
    for (const file of chunk.files ?? []) {
      if (file.endsWith('.js') && consumed.length > 0) manifest.consumes[file] = [...consumed];
    }
    if (chunk.initial) addChunk(manifest.entry, chunk, consumed);
    for (const origin of chunk.origins ?? []) {
      const provided = PROVIDE.exec(origin.moduleIdentifier ?? '')?.[1];
      if (provided) {
        manifest.shared[provided] ??= emptyGroup();
        addChunk(manifest.shared[provided], chunk, consumed, provided);
      } else if (origin.request === BOOTSTRAP_REQUEST && !chunk.initial) {
        addChunk(manifest.bootstrap, chunk, consumed);
      }
    }
  }
  return manifest;
}

export const pluginLoadManifest = (routes: readonly LoadRoute[]): RsbuildPlugin => ({
  name: 'switchyard:load-manifest',
  setup(api) {
    api.onAfterBuild(({ stats }) => {
      if (!stats || 'stats' in stats) return;
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        modules: true,
        modulesSpace: Number.POSITIVE_INFINITY,
        ids: true,
      });
      const manifest = {
        ...loadManifestFromStats(
          (json.chunks ?? []) as StatsChunk[],
          (json.modules ?? []) as StatsModule[],
        ),
        routes: [...routes],
      };
      writeFileSync(
        join(api.context.distPath, LOAD_MANIFEST_FILE),
        `${JSON.stringify(manifest, null, 1)}\n`,
      );
    });
  },
});
