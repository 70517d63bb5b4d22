// One gateway on loopback with a scripted model fake per provider family behind it (an OpenAI,
// an Anthropic, a Gemini and an Ollama channel, one model each), for the client matrix and the
// coding agents. Each cell gets its own token, so its consume logs are its own.

import { OPTION_DEFINITIONS } from '@switchyard/contracts/options';
import {
  DEFAULT_CACHE_CREATION_1H_RATIO,
  DEFAULT_CACHE_CREATION_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_RATIO,
  FALLBACK_CACHE_CREATION_1H_RATIO,
  FALLBACK_CACHE_CREATION_RATIO,
  FALLBACK_CACHE_RATIO,
  type TokenUsage,
  tokenQuota,
} from '@switchyard/contracts/pricing';
import type { Db } from '../../src/db/database';
import { type ModelFake, type ModelFamily, startModelFake } from '../fakes/providers/model-fakes';
import { FAKE_USAGE } from '../fakes/providers/scenario';
import { createUser } from './factories';
import { type CreatedToken, createToken, seedChannel, waitForLogs } from './relay-fixtures';
import { createTestContext, type TestServer } from './server';

export interface Upstream {
  family: ModelFamily;
  /** Channel type of the family. */
  type: number;
  /** The model its channel serves (priced by the built-in table, or by ModelRatio here). */
  model: string;
}

export const UPSTREAMS: Upstream[] = [
  { family: 'openai', type: 1, model: 'gpt-4.1-mini' },
  { family: 'anthropic', type: 14, model: 'claude-3-5-haiku-latest' },
  { family: 'gemini', type: 24, model: 'gemini-2.5-flash' },
  { family: 'ollama', type: 4, model: 'llama3.2' },
];

/** Local models have no list price; the test prices this one like the operator would. */
const OLLAMA_RATIO = 0.1;

export interface Gateway {
  server: TestServer;
  db: Db;
  /** http://127.0.0.1:<port> */
  url: string;
  fakes: Record<ModelFamily, ModelFake>;
  userId: number;
  /** A fresh token (its own consume logs) named after the cell. */
  token(name: string): Promise<CreatedToken>;
  close(): Promise<void>;
}

export async function startGateway(): Promise<Gateway> {
  const context = await createTestContext();
  const server = await context.start();
  const families: ModelFamily[] = ['openai', 'anthropic', 'gemini', 'ollama'];
  const started = await Promise.all(families.map((family) => startModelFake(family)));
  const fakes = Object.fromEntries(started.map((fake) => [fake.family, fake])) as Record<
    ModelFamily,
    ModelFake
  >;
  for (const upstream of UPSTREAMS) {
    await seedChannel(server.db, {
      type: upstream.type,
      key: `key-${upstream.family}`,
      name: `fake ${upstream.family}`,
      baseUrl: fakes[upstream.family].url,
      models: [upstream.model],
    });
  }
  const ratios = JSON.parse(OPTION_DEFINITIONS.ModelRatio.default) as Record<string, number>;
  await server.runtime.options.set(
    'ModelRatio',
    JSON.stringify({ ...ratios, 'llama3.2': OLLAMA_RATIO }),
  );
  const user = await createUser(server.db, { quota: 100_000_000 });
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    db: server.db,
    url,
    fakes,
    userId: user.id,
    token: (name) => createToken(server.db, user.id, { name }),
    close: async () => {
      await Promise.all(started.map((fake) => fake.close()));
      await context.close();
    },
  };
}

/** What each fake reports, as the gateway should record it (details are parts of the totals). */
export function expectedUsage(family: ModelFamily): Required<TokenUsage> {
  const usage = {
    promptTokens: FAKE_USAGE.input,
    completionTokens: FAKE_USAGE.output,
    cachedTokens: 0,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: 0,
  };
  if (family === 'openai' || family === 'gemini') {
    return { ...usage, cachedTokens: FAKE_USAGE.cachedRead, reasoningTokens: FAKE_USAGE.reasoning };
  }
  if (family === 'anthropic') {
    return {
      ...usage,
      cachedTokens: FAKE_USAGE.cachedRead,
      cacheWriteTokens: FAKE_USAGE.cacheWrite5m + FAKE_USAGE.cacheWrite1h,
      cacheWrite1hTokens: FAKE_USAGE.cacheWrite1h,
    };
  }
  return usage;
}

/** The quota one reply of the upstream costs, from the built-in price table (group ratio 1). */
export function expectedQuota(upstream: Upstream): number {
  const { model } = upstream;
  const price = {
    modelRatio: model === 'llama3.2' ? OLLAMA_RATIO : (DEFAULT_MODEL_RATIO[model] ?? Number.NaN),
    groupRatio: 1,
    completionRatio: DEFAULT_COMPLETION_RATIO[model] ?? 1,
    cacheRatio: DEFAULT_CACHE_RATIO[model] ?? FALLBACK_CACHE_RATIO,
    cacheCreationRatio: DEFAULT_CACHE_CREATION_RATIO[model] ?? FALLBACK_CACHE_CREATION_RATIO,
    cacheCreation1hRatio:
      DEFAULT_CACHE_CREATION_1H_RATIO[model] ?? FALLBACK_CACHE_CREATION_1H_RATIO,
  };
  return tokenQuota(price, expectedUsage(upstream.family));
}

/** The quota of a token's consume logs once `count` of them are written. */
export async function loggedQuota(db: Db, token: CreatedToken, userId: number, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const logs = (await waitForLogs(db, userId, 1)).filter((log) => log.token_id === token.id);
    if (logs.length >= count || Date.now() > deadline) {
      return { count: logs.length, quota: logs.reduce((sum, log) => sum + log.quota, 0), logs };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
