// The kit and the contracts' main entry are shared modules the shell provides, and a shared module is
// never tree-shaken: whatever their value imports reach is in every page's start. zod is not among
// it (it came three times on a cold /login, 23 KiB brotli each, when two zod-built files were
// re-exported for one constant and two helpers).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** Value imports and re-exports (`import type` and `export type` are erased by the build). */
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'([^']+)'/gm;

function resolveSource(from: string, request: string): string | undefined {
  if (request.startsWith('.')) {
    const base = resolve(dirname(from), request);
    for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {}
    }
    throw new Error(`${from}: cannot resolve ${request}`);
  }
  return request.startsWith('@switchyard/') ? require.resolve(request) : undefined;
}

/** The packages outside the workspace that `entry`'s value imports reach, each with one importer,
 * and the workspace files read. */
function reached(entry: string): { packages: Map<string, string>; files: Set<string> } {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(VALUE_IMPORT)) {
      const request = match[1] ?? '';
      const source = resolveSource(file, request);
      if (source) visit(source);
      else packages.set(request, file);
    }
  };
  visit(require.resolve(entry));
  return { packages, files: seen };
}

describe('what every page starts with', () => {
  it.each(['@switchyard/contracts', '@switchyard/console-kit'])('%s reaches no zod', (entry) => {
    const { packages, files } = reached(entry);
    expect(files.size).toBeGreaterThan(10);
    expect(packages.get('zod'), `imported by ${packages.get('zod')}`).toBeUndefined();
  });
});
