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
import type { Db } from '../src/db/database';
import { type ModelFake, startModelFake } from './fakes/providers/model-fakes';
import { AGENT_SHELL_TOOLS, agentReply } from './fakes/providers/scenario';
import { createUser } from './helpers/factories';
import { createToken, seedChannel } from './helpers/relay-fixtures';
import { createTestContext, type TestContext } from './helpers/server';

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

/** Kimi K2 on a Moonshot channel (type 25): an OpenAI-compatible, chat-only upstream. */
const MODEL = 'kimi-k2-0905-preview';
const MOONSHOT = 25;

/** Nothing may leave the machine: proxies point at a closed port, loopback goes direct. */
const OFFLINE = {
  HTTPS_PROXY: 'http://127.0.0.1:9',
  HTTP_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
};

let context: TestContext;
let fake: ModelFake;
let url: string;
let db: Db;
let userId: number;
const scratch: string[] = [];

beforeAll(async () => {
  context = await createTestContext();
  const server = await context.start();
  db = server.db;
  fake = await startModelFake('openai');
  await seedChannel(db, {
    type: MOONSHOT,
    key: 'key-moonshot',
    baseUrl: fake.url,
    models: [MODEL],
  });
  userId = (await createUser(db, { quota: 100_000_000 })).id;
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);

afterAll(async () => {
  await fake?.close();
  await context?.close();
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

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
function expectToolTurn(marker: string) {
  const calls = fake.callsWhere((seen) => seen.text.includes(marker));
  expect(calls.map((call) => call.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  expect(calls[0]?.seen?.tools.some((tool) => AGENT_SHELL_TOOLS.includes(tool))).toBe(true);
  expect(calls[0]?.turn?.kind).toBe('tool');
  expect(calls[1]?.seen?.toolResult).toContain('proof-written');
}

describe('coding agents through the gateway to a chat-only upstream', () => {
  it('Claude Code (claude -p) runs the Bash tool the model asks for and reports back', async () => {
    const token = await createToken(db, userId, { name: 'claude-code' });
    const home = await scratchDir('claude-home');
    const work = await scratchDir('claude-work');
    const marker = '[agent] claude-code: write the proof file';
    const { stdout } = await run(
      CLAUDE,
      ['-p', marker, '--model', MODEL, '--allowedTools', 'Bash', '--output-format', 'json'],
      {
        cwd: work,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: home,
          ANTHROPIC_BASE_URL: url,
          ANTHROPIC_AUTH_TOKEN: `sk-${token.key}`,
          ANTHROPIC_SMALL_FAST_MODEL: MODEL,
          DISABLE_TELEMETRY: '1',
          DISABLE_AUTOUPDATER: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          ...OFFLINE,
        },
      },
    );
    const result = JSON.parse(stdout) as { is_error: boolean; result: string; num_turns: number };
    expect(result.is_error).toBe(false);
    expect(result.result.startsWith(agentReply('proof-written'))).toBe(true);
    expect(await readFile(join(work, 'agent-proof.txt'), 'utf8')).toBe('agent-tool-ran\n');
    expectToolTurn('claude-code');
    const logs = await consumeLogs(token.id, 2);
    expect(logs).toHaveLength(2);
    for (const log of logs) expect(log.quota).toBeGreaterThan(0);
  }, 90_000);

  it('Codex CLI (codex exec, wire_api "responses") runs its shell tool and reports back', async () => {
    const token = await createToken(db, userId, { name: 'codex' });
    const home = await scratchDir('codex-home');
    const work = await scratchDir('codex-work');
    await writeFile(
      join(home, 'config.toml'),
      [
        `model = "${MODEL}"`,
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
    const marker = '[agent] codex: write the proof file';
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
    expectToolTurn('codex');
    const logs = await consumeLogs(token.id, 2);
    expect(logs).toHaveLength(2);
    for (const log of logs) expect(log.quota).toBeGreaterThan(0);
  }, 90_000);
});
