// Coding agents on channels of another kind (issue 28), headless against the gateway with
// loopback fakes: Google's Gemini CLI (Gemini protocol, always sending topK, temperature and
// topP) on an OpenAI channel, and Codex CLI (`codex exec`, Responses wire) on a type-1 channel
// whose upstream speaks chat completions only. Each finishes a tool-using turn: the fake asks for
// a shell command, the agent runs it (it leaves a file), the fake answers the result; both
// requests are billed.
// Gemini CLI runs with GOOGLE_GEMINI_BASE_URL (its "gateway" auth: the key goes in
// x-goog-api-key), GEMINI_CLI_TRUST_WORKSPACE=true (headless in an untrusted folder) and the
// api-key auth type in its settings file, usage statistics off; both agents run offline.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { type ModelFake, startModelFake } from '../fakes/providers/model-fakes';
import { AGENT_SHELL_TOOLS, agentReply } from '../fakes/providers/scenario';
import { OFFLINE, runAgent, scratchDirs } from '../helpers/agent-cli';
import { createUser } from '../helpers/factories';
import { createToken, seedChannel, waitForLogs } from '../helpers/relay-fixtures';
import { createTestContext, type TestContext } from '../helpers/server';

const require = createRequire(import.meta.url);
const GEMINI = join(
  dirname(require.resolve('@google/gemini-cli/package.json')),
  'bundle/gemini.js',
);
const CODEX = join(dirname(require.resolve('@openai/codex/package.json')), 'bin/codex.js');

const GEMINI_MODEL = 'gpt-4.1-mini';
const CODEX_MODEL = 'gpt-5-mini';

let context: TestContext;
let openai: ModelFake;
let chatOnly: ModelFake;
let url: string;
let db: Db;
const scratch = scratchDirs();

beforeAll(async () => {
  context = await createTestContext();
  const server = await context.start();
  db = server.db;
  openai = await startModelFake('openai');
  chatOnly = await startModelFake('openai', { chatOnly: true });
  await seedChannel(db, {
    type: 1,
    key: 'key-openai',
    baseUrl: openai.url,
    models: [GEMINI_MODEL],
  });
  await seedChannel(db, {
    type: 1,
    key: 'key-chat-only',
    name: 'chat-only compatible server',
    baseUrl: chatOnly.url,
    models: [CODEX_MODEL],
  });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);

afterAll(async () => {
  await openai?.close();
  await chatOnly?.close();
  await context?.close();
  await Promise.all(scratch.list().map((dir) => rm(dir, { recursive: true, force: true })));
});

async function caller(name: string) {
  const user = await createUser(db, { quota: 100_000_000 });
  return { userId: user.id, token: await createToken(db, user.id, { name }) };
}

/** Both calls of the agent's turn reached the upstream as chat: the tool call, then its result. */
function expectToolTurn(fake: ModelFake, marker: string) {
  const calls = fake.callsWhere((seen) => seen.text.includes(marker));
  expect(calls.map((call) => call.path)).toEqual(['/v1/chat/completions', '/v1/chat/completions']);
  expect(calls[0]?.seen?.tools.some((tool) => AGENT_SHELL_TOOLS.includes(tool))).toBe(true);
  expect(calls[0]?.turn?.kind).toBe('tool');
  expect(calls[1]?.seen?.toolResult).toContain('proof-written');
  return calls;
}

async function expectBilled(userId: number, count: number) {
  const logs = await waitForLogs(db, userId, count);
  expect(logs).toHaveLength(count);
  for (const log of logs) expect(log.quota).toBeGreaterThan(0);
}

describe.concurrent('coding agents on channels of another kind', () => {
  it('Gemini CLI (gemini -p, Gemini protocol) on an OpenAI channel', async () => {
    const { userId, token } = await caller('gemini-cli');
    const home = await scratch.make('gemini-home');
    const work = await scratch.make('gemini-work');
    await mkdir(join(home, '.gemini'));
    await writeFile(
      join(home, '.gemini/settings.json'),
      JSON.stringify({
        security: { auth: { selectedType: 'gemini-api-key' } },
        privacy: { usageStatisticsEnabled: false },
      }),
    );
    const marker = '[agent] gemini-cli: write the proof file';
    const { stdout } = await runAgent(
      process.execPath,
      [GEMINI, '-p', marker, '-m', GEMINI_MODEL, '--yolo', '--output-format', 'json'],
      {
        cwd: work,
        timeout: 90_000,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: home,
          GEMINI_API_KEY: `sk-${token.key}`,
          GOOGLE_GEMINI_BASE_URL: url,
          GEMINI_CLI_TRUST_WORKSPACE: 'true',
          ...OFFLINE,
        },
      },
    );
    const result = JSON.parse(stdout) as { response: string };
    expect(result.response.startsWith(agentReply(''))).toBe(true);
    expect(result.response).toContain('proof-written');
    expect(await readFile(join(work, 'agent-proof.txt'), 'utf8')).toBe('agent-tool-ran\n');
    const calls = expectToolTurn(openai, 'gemini-cli');
    // Its topK has no place on an OpenAI channel: dropped, not refused.
    for (const call of calls) expect(call.body.top_k).toBeUndefined();
    await expectBilled(userId, 2);
  }, 120_000);

  it('Codex CLI (codex exec, wire_api "responses") on a type-1 chat-only channel', async () => {
    const { userId, token } = await caller('codex');
    const home = await scratch.make('codex-home');
    const work = await scratch.make('codex-work');
    await writeFile(
      join(home, 'config.toml'),
      [
        `model = "${CODEX_MODEL}"`,
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
    const marker = '[agent] codex-chat-only: write the proof file';
    const { stdout } = await runAgent(
      process.execPath,
      [CODEX, 'exec', '--skip-git-repo-check', '-s', 'danger-full-access', marker],
      {
        cwd: work,
        timeout: 90_000,
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
    expectToolTurn(chatOnly, 'codex-chat-only');
    // The channel was asked for /v1/responses once (404), then translated: no client saw it.
    expect(chatOnly.calls.filter((call) => call.path === '/v1/responses')).toHaveLength(1);
    await expectBilled(userId, 2);
  }, 120_000);
});
