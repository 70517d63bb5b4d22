// Configuration from the environment: defaults, engines, and clear failures.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, ENV_VARS, loadConfig } from '../../src/config';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      engine: 'sqlite',
      sessionSecret: undefined,
      sessionMaxAgeSeconds: 30 * 86_400,
      globalRateLimit: { limit: 180, windowSeconds: 180 },
      criticalRateLimit: { limit: 20, windowSeconds: 1200 },
      trustProxy: false,
      bodyLimit: 1_048_576,
      logLevel: 'info',
      syncFrequencySeconds: 60,
    });
    expect(config.sqlitePath).toMatch(/data\/switchyard\.db$/);
    expect(config.consoleDir).toMatch(/apps$/);
  });

  it('picks the engine from SQL_DSN', () => {
    expect(loadConfig({ SQL_DSN: 'postgres://u@h/db' }).engine).toBe('postgres');
    expect(loadConfig({ SQL_DSN: 'postgresql://u@h/db' }).engine).toBe('postgres');
    expect(loadConfig({ SQL_DSN: 'mysql://u@h/db' }).engine).toBe('mysql');
    expect(loadConfig({ SQL_DSN: '' }).engine).toBe('sqlite');
  });

  it('names every bad variable', () => {
    const bad = () => loadConfig({ PORT: 'abc', SQL_DSN: 'oracle://x', TRUST_PROXY: 'maybe' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT[\s\S]*SQL_DSN[\s\S]*TRUST_PROXY/);
  });

  it('documents every variable it reads', () => {
    expect(ENV_VARS.map((v) => v.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
    for (const v of ENV_VARS) expect(v.description.length).toBeGreaterThan(5);
  });

  it('the README tables list exactly the variables of ENV_VARS, with their descriptions', () => {
    for (const [file, heading] of [
      [join(serverDir, 'README.md'), '## Environment variables'],
      [join(serverDir, '../../README.md'), '## Configuration'],
    ] as const) {
      const section = readFileSync(file, 'utf8').split(heading)[1]?.split('\n## ')[0] ?? '';
      const rows = [...section.matchAll(/^\|\s*`([A-Z_]+)`\s*\|[^|]*\|\s*(.*?)\s*\|$/gm)];
      const documented = new Map(rows.map((row) => [row[1], row[2]]));
      expect([...documented.keys()].sort(), file).toEqual(ENV_VARS.map((v) => v.name).sort());
      for (const v of ENV_VARS)
        expect(documented.get(v.name), `${file} ${v.name}`).toBe(v.description);
    }
  });
});

describe('main', () => {
  it('exits 1 with a clear message on bad configuration', async () => {
    const run = promisify(execFile)('npx', ['tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', SQLITE_PATH: '/tmp/sy-never/x.db' },
    });
    const failure = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/Invalid configuration:\s+PORT/);
  });
});
