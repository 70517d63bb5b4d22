// Claude Code (`claude -p`, Anthropic Messages) and Codex CLI (`codex exec`, a custom provider on
// the Responses wire) each finish a tool-using turn through the gateway, with the model behind a
// chat-only upstream (a Moonshot channel: chat completions, no Responses API). The scripted fake
// asks for a shell command, the agent runs it (it leaves a file), the fake answers the result.
// Both agents run offline: every proxy variable points at a closed loopback port, so anything
// but the gateway (telemetry, updates) would fail; scratch HOME / CODEX_HOME per run.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { type ModelFake, type ModelFamily, startModelFake } from '../fakes/providers/model-fakes';
import { AGENT_SHELL_TOOLS, agentReply } from '../fakes/providers/scenario';
import { createUser } from '../helpers/factories';
import { createToken, seedChannel } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext } from '../helpers/server';

const execFileAsync = promisify(execFile);

/** Runs an agent with stdin closed (Codex reads extra input from stdin until EOF); a failure
 * carries the agent's own output, which says what the gateway answered. */
async function run(file: string, args: string[], options: Parameters<typeof execFileAsync>[2]) {
  const pending = execFileAsync(file, args, { ...options, encoding: 'utf8' });
  pending.child.stdin?.end();
  try {
    return await pending;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `agent failed\nstdout: ${stdout?.slice(-3000)}\nstderr: ${stderr?.slice(-3000)}`,
    );
  }
}
const require = createRequire(import.meta.url);
const CLAUDE = join(
  dirname(require.resolve('@anthropic-ai/claude-code/package.json')),
  'bin/claude.exe',
);
const CODEX = join(dirname(require.resolve('@openai/codex/package.json')), 'bin/codex.js');

/** Where an agent's model lives: a chat-only upstream (Moonshot, type 25: OpenAI-compatible
 * chat completions, no Responses API) is the case of issue 12; the agent's own provider (the
 * request passes through) is the baseline beside it. */
interface Route {
  name: string;
  family: ModelFamily;
  type: number;
  model: string;
  /** The path the upstream is called on. */
  path: string;
}

const CHAT_ONLY: Route = {
  name: 'a chat-only upstream (Moonshot)',
  family: 'openai',
  type: 25,
  model: 'kimi-k2-0905-preview',
  path: '/v1/chat/completions',
};
const ANTHROPIC: Route = {
  name: 'Anthropic (pass-through)',
  family: 'anthropic',
  type: 14,
  model: 'claude-sonnet-4-20250514',
  path: '/v1/messages',
};
const OPENAI: Route = {
  name: 'OpenAI Responses (pass-through)',
  family: 'openai',
  type: 1,
  model: 'gpt-4.1-mini',
  path: '/v1/responses',
};

/** Nothing may leave the machine: proxies point at a closed port, loopback goes direct. */
const OFFLINE = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
};

let context: TestContext;
let fakes: ModelFake[];
let url: string;
let db: Db;
let userId: number;
const scratch: string[] = [];

beforeAll(async () => {
  context = await createTestContext();
  const server = await context.start();
  db = server.db;
  fakes = [await startModelFake('openai'), await startModelFake('anthropic')];
  for (const route of [CHAT_ONLY, ANTHROPIC, OPENAI]) {
    await seedChannel(db, {
      type: route.type,
      key: `key-${route.type}`,
      baseUrl: fakeOf(route).url,
      models: [route.model],
    });
  }
  userId = (await createUser(db, { quota: 100_000_000 })).id;
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);

afterAll(async () => {
  await Promise.all((fakes ?? []).map((fake) => fake.close()));
  await context?.close();
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

const fakeOf = (route: Route): ModelFake => {
  const fake = fakes.find((candidate) => candidate.family === route.family);
  if (!fake) throw new Error(`no ${route.family} fake`);
  return fake;
};

async function scratchDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `sy-${name}-`));
  scratch.push(dir);
  return dir;
}

async function consumeLogs(tokenId: number, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const logs = await db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('token_id', '=', tokenId)
      .where('type', '=', 2)
      .execute();
    if (logs.length >= count || Date.now() > deadline) return logs;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The upstream saw the agent's tools, then the command's output as a tool result. */
function expectToolTurn(route: Route, marker: string) {
  const calls = fakeOf(route).callsWhere((seen) => seen.text.includes(marker));
  expect(calls.map((call) => call.path)).toEqual([route.path, route.path]);
  expect(calls[0]?.seen?.tools.some((tool) => AGENT_SHELL_TOOLS.includes(tool))).toBe(true);
  expect(calls[0]?.turn?.kind).toBe('tool');
  expect(calls[1]?.seen?.toolResult).toContain('proof-written');
}

async function claudeCode(route: Route): Promise<void> {
  const token = await createToken(db, userId, { name: `claude-code ${route.type}` });
  const home = await scratchDir('claude-home');
  const work = await scratchDir('claude-work');
  const marker = `[agent] claude-code ${route.type}: write the proof file`;
  const { stdout } = await run(
    CLAUDE,
    ['-p', marker, '--model', route.model, '--allowedTools', 'Bash', '--output-format', 'json'],
    {
      cwd: work,
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        ANTHROPIC_BASE_URL: url,
        ANTHROPIC_AUTH_TOKEN: `sk-${token.key}`,
        ANTHROPIC_SMALL_FAST_MODEL: route.model,
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        ...OFFLINE,
      },
    },
  );
  const result = JSON.parse(stdout) as { is_error: boolean; result: string };
  expect(result.is_error).toBe(false);
  expect(result.result.startsWith(agentReply('proof-written'))).toBe(true);
  expect(await readFile(join(work, 'agent-proof.txt'), 'utf8')).toBe('agent-tool-ran\n');
  expectToolTurn(route, `claude-code ${route.type}`);
  const logs = await consumeLogs(token.id, 2);
  expect(logs).toHaveLength(2);
  for (const log of logs) expect(log.quota).toBeGreaterThan(0);
}

async function codex(route: Route): Promise<void> {
  const token = await createToken(db, userId, { name: `codex ${route.type}` });
  const home = await scratchDir('codex-home');
  const work = await scratchDir('codex-work');
  await writeFile(
    join(home, 'config.toml'),
    [
      `model = "${route.model}"`,
      'model_provider = "switchyard"',
      '',
      '[model_providers.switchyard]',
      'name = "Switchyard"',
      `base_url = "${url}/v1"`,
      'env_key = "SWITCHYARD_API_KEY"',
      'wire_api = "responses"',
      '',
    ].join('\n'),
  );
  const marker = `[agent] codex ${route.type}: write the proof file`;
  const { stdout } = await run(
    process.execPath,
    [CODEX, 'exec', '--skip-git-repo-check', '-s', 'danger-full-access', marker],
    {
      cwd: work,
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        CODEX_HOME: home,
        SWITCHYARD_API_KEY: `sk-${token.key}`,
        ...OFFLINE,
      },
    },
  );
  expect(stdout).toContain(agentReply(''));
  expect(stdout).toContain('proof-written');
  expect(await readFile(join(work, 'agent-proof.txt'), 'utf8')).toBe('agent-tool-ran\n');
  expectToolTurn(route, `codex ${route.type}`);
  const logs = await consumeLogs(token.id, 2);
  expect(logs).toHaveLength(2);
  for (const log of logs) expect(log.quota).toBeGreaterThan(0);
}

describe.concurrent('coding agents finish a tool-using turn through the gateway', () => {
  for (const route of [CHAT_ONLY, ANTHROPIC]) {
    it(`Claude Code (claude -p) to ${route.name}`, () => claudeCode(route), 90_000);
  }
  for (const route of [CHAT_ONLY, OPENAI]) {
    it(`Codex CLI (codex exec, wire_api "responses") to ${route.name}`, () => codex(route), 90_000);
  }
});
