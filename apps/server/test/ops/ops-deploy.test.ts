// The Dockerfile and docker-compose.yml name only things that exist: every copied path, every npm
// script (the very ones the tests run), the start command of apps/server, the compose build and
// mounted files, and the nginx upstreams. No Docker engine runs here; this is what can be checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildServer, REPO_ROOT } from '../helpers/compiled-server';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const scriptsOf = (packageDir: string): Record<string, string> =>
  JSON.parse(read(join(packageDir, 'package.json'))).scripts ?? {};

/** Workspace name → folder, from each workspace's package.json. */
function workspaces(): Map<string, string> {
  const root = JSON.parse(read('package.json')) as { workspaces: string[] };
  const map = new Map<string, string>();
  for (const pattern of root.workspaces) {
    const dirs = pattern.endsWith('/*')
      ? ['apps', 'shared']
          .filter((base) => pattern.startsWith(base))
          .flatMap((base) => readdirSync(join(REPO_ROOT, base)).map((name) => `${base}/${name}`))
      : [pattern];
    for (const dir of dirs) {
      if (!existsSync(join(REPO_ROOT, dir, 'package.json'))) continue;
      map.set(JSON.parse(read(join(dir, 'package.json'))).name, dir);
    }
  }
  return map;
}

/** Dockerfile instructions with their continuation lines joined. */
function instructions(): { stage: string; op: string; args: string }[] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  let stage = '';
  return lines.map((line) => {
    const [op = '', ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    if (op === 'FROM') stage = args.split(/\s+AS\s+/i)[1] ?? '';
    return { stage, op: op.toUpperCase(), args };
  });
}

/**
 * Whether a Node major (any of its releases) meets an engines range of the forms the lockfile
 * holds: `>=22`, `^20.19.0 || >=22.12.0`, `20.x || 26.x`, `*`.
 */
function majorSatisfies(major: number, range: string): boolean {
  return range.split('||').some((part) => {
    const text = part.trim();
    const floor = /^>=\s*v?(\d+)/.exec(text);
    if (floor) return major >= Number(floor[1]);
    const exact = /^[\^~]?v?(\d+)(?:\.[\dx*]+)*$/.exec(text);
    if (exact) return major === Number(exact[1]);
    return text === '*' || text === '';
  });
}

/** Folders the build scripts write: the console apps' dist and the server's. */
function builtOutputs(): Set<string> {
  const consoleList =
    /const APPS = \[([^\]]+)\]/.exec(read('scripts/build-console.mjs'))?.[1] ?? '';
  const apps = [...consoleList.matchAll(/'([a-z-]+)'/g)].map((match) => `apps/${match[1]}/dist`);
  expect(read('scripts/build-server.mjs')).toContain("join(SERVER, 'dist')");
  return new Set([...apps, 'apps/server/dist']);
}

describe('Dockerfile', () => {
  const steps = instructions();

  it('copies only paths that exist in the repository or that the build writes', () => {
    const built = builtOutputs();
    const copies = steps.filter((step) => step.op === 'COPY');
    expect(copies.length).toBeGreaterThan(10);
    for (const copy of copies) {
      const parts = copy.args.split(/\s+/).filter((part) => !part.startsWith('--chown'));
      const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
      const sources = parts.filter((part) => !part.startsWith('--')).slice(0, -1);
      for (const source of sources) {
        if (source === '.') continue;
        const path = from ? source.replace(/^\/app\//, '') : source;
        if (from === 'deps' && path === 'node_modules') continue;
        const exists = existsSync(join(REPO_ROOT, path)) || built.has(path);
        expect(exists, `${copy.op} ${copy.args}`).toBe(true);
      }
    }
    // Every workspace's manifest is copied before `npm ci` so the lockfile installs as is.
    const manifests = copies.filter((copy) => copy.stage === 'build').map((copy) => copy.args);
    for (const dir of workspaces().values()) {
      expect(
        manifests.some((args) => args.startsWith(`${dir}/package.json`)),
        dir,
      ).toBe(true);
    }
  });

  // Issue 27, point 11: the image is on the current Node LTS line, which every installed
  // package's engines accept (Node 20 left security support and a third of them ask for 22+).
  it('builds and runs every stage on the Node LTS line that every package accepts', () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(read('Dockerfile'))?.[1] ?? '';
    const froms = steps.filter((step) => step.op === 'FROM').map((step) => step.args);
    // One image for every stage: better-sqlite3 is compiled in one and run in another.
    expect(froms).toEqual(['build', 'deps', 'runtime'].map((stage) => `$NODE_IMAGE AS ${stage}`));
    const major = Number(/^node:(\d+)-/.exec(image)?.[1]);
    expect(major).toBeGreaterThanOrEqual(26);
    expect(read('README.md')).toContain(`Node ${major}`);
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => [
        path,
        Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      ])
      .filter(([, range]) => range !== undefined && !majorSatisfies(major, range as string));
    expect(refusing).toEqual([]);
  });

  it('builds with the npm scripts the tests run', () => {
    const names = workspaces();
    const runs = steps.filter((step) => step.op === 'RUN').map((step) => step.args);
    const npmRuns = runs.flatMap((args) => [
      ...args.matchAll(/npm run ([\w:-]+)(?: -w ([@\w/-]+))?/g),
    ]);
    expect(npmRuns.map((match) => match[0])).toEqual([
      'npm run build',
      'npm run build -w @switchyard/server',
    ]);
    for (const [, script, workspace] of npmRuns) {
      const dir = workspace ? names.get(workspace) : '';
      expect(dir, workspace).toBeDefined();
      expect(scriptsOf(dir ?? '')[script ?? ''], `${workspace ?? 'root'} ${script}`).toBeDefined();
    }
    expect(scriptsOf('').build).toBe('node scripts/build-console.mjs');
    expect(scriptsOf('apps/server').build).toBe('node ../../scripts/build-server.mjs');
    // Production dependencies only in the image.
    expect(
      runs.some((args) => args.includes('npm ci --omit=dev --workspace @switchyard/server')),
    ).toBe(true);
  });

  it('starts as `npm start -w @switchyard/server` does, as a non-root user', () => {
    const runtime = steps.filter((step) => step.stage === 'runtime');
    const cmd = runtime.find((step) => step.op === 'CMD')?.args ?? '';
    const workdir = runtime.filter((step) => step.op === 'WORKDIR').at(-1)?.args;
    expect(workdir).toBe('/app/apps/server');
    expect((JSON.parse(cmd) as string[]).join(' ')).toBe(scriptsOf('apps/server').start);
    expect(scriptsOf('apps/server').start).toBe('node dist/main.js');
    expect(runtime.find((step) => step.op === 'USER')?.args).toBe('node');
  });
});

describe('docker-compose.yml', () => {
  interface Service {
    build?: { context: string; dockerfile: string };
    image?: string;
    volumes?: string[];
    environment?: Record<string, string>;
    depends_on?: Record<string, unknown> | string[];
  }
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const { services } = compose;

  it('runs two server nodes on PostgreSQL and Redis behind a load balancer', () => {
    const nodes = Object.entries(services).filter(([, service]) => service.build);
    expect(nodes.map(([name]) => name)).toEqual(['server-1', 'server-2']);
    for (const [, node] of nodes) {
      expect(
        existsSync(join(REPO_ROOT, node.build?.context ?? '', node.build?.dockerfile ?? '')),
      ).toBe(true);
      expect(node.environment?.SQL_DSN).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(node.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(node.environment?.TRUST_PROXY).toBe('true');
    }
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
  });

  it('mounts only files that exist, and the balancer proxies to the server nodes', () => {
    const mounts = Object.values(services).flatMap((service) => service.volumes ?? []);
    const binds = mounts.filter((mount) => mount.startsWith('./'));
    expect(binds.length).toBeGreaterThan(0);
    for (const bind of binds) {
      expect(existsSync(join(REPO_ROOT, bind.split(':')[0] ?? '')), bind).toBe(true);
    }
    const nginx = read('deploy/nginx.conf');
    const upstreams = [...nginx.matchAll(/^\s*server ([\w-]+):(\d+)/gm)];
    expect(upstreams.map((match) => match[1])).toEqual(['server-1', 'server-2']);
    for (const match of upstreams) expect(match[2]).toBe('3000');
  });
});

describe('the compiled server', () => {
  it('imports no OpenTelemetry and no optional driver unless configured', () => {
    buildServer();
    const bundle = read('apps/server/dist/main.js');
    const staticImports = [...bundle.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map(
      (m) => m[1],
    );
    expect(staticImports).toContain('fastify');
    for (const lazy of [
      '@opentelemetry/sdk-node',
      '@opentelemetry/api',
      'ioredis',
      'pg',
      'mysql2',
    ]) {
      expect(staticImports, lazy).not.toContain(lazy);
    }
    expect(bundle).toContain('import("@opentelemetry/sdk-node")');
    // Workspace packages are bundled (their TypeScript source cannot run on plain node).
    expect(staticImports.some((name) => name?.startsWith('@switchyard/'))).toBe(false);
  });
});
