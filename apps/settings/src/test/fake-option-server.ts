// Test helper: a fake option store behind the console's real HTTP client, for the settings tabs.
import { type MockHandler, mockHttp } from '@switchyard/console-kit/testing';
import {
  isSecretOption,
  OPTION_DEFINITIONS,
  OPTION_KEYS,
  type OptionKey,
} from '@switchyard/contracts/options';

export interface FakeServer {
  values: Map<OptionKey, string>;
  /** Keys the fake server refuses, with its message. */
  refuse: Map<string, string>;
  /** Every PUT /api/option/ body, in order. */
  puts: { key: string; value: string }[];
  requests: Parameters<MockHandler>[0][];
  /** Answer of DELETE /api/log/ (a count, or a refusal message). */
  logCleanup: { count: number } | { refuse: string };
  restore: () => void;
}

const envelope = (data?: unknown) => ({ body: { success: true, message: '', data } });
const refusal = (message: string) => ({ body: { success: false, message } });

export function fakeOptionServer(initial: Partial<Record<OptionKey, string>> = {}): FakeServer {
  const values = new Map<OptionKey, string>(
    OPTION_KEYS.map((key) => [key, initial[key] ?? OPTION_DEFINITIONS[key].default]),
  );
  const server: FakeServer = {
    values,
    refuse: new Map(),
    puts: [],
    requests: [],
    logCleanup: { count: 0 },
    restore: () => undefined,
  };
  const mock = mockHttp((config) => {
    const method = config.method?.toUpperCase();
    if (config.url === '/api/option/' && method === 'GET') {
      return envelope(
        OPTION_KEYS.map((key) => {
          const value = values.get(key) ?? '';
          return isSecretOption(key)
            ? { key, value: '', secret: true, set: value !== '' }
            : { key, value };
        }),
      );
    }
    if (config.url === '/api/option/' && method === 'PUT') {
      const body = JSON.parse(String(config.data)) as { key: OptionKey; value: string };
      server.puts.push(body);
      const refused = server.refuse.get(body.key);
      if (refused) return refusal(refused);
      values.set(body.key, body.value);
      return envelope();
    }
    if (config.url === '/api/option/rest_model_ratio' && method === 'POST') {
      values.set('ModelRatio', OPTION_DEFINITIONS.ModelRatio.default);
      return envelope();
    }
    if (config.url === '/api/log/' && method === 'DELETE') {
      const answer = server.logCleanup;
      return 'count' in answer ? envelope(answer.count) : refusal(answer.refuse);
    }
    return { status: 404, body: { success: false, message: 'not found' } };
  });
  server.requests = mock.seen;
  server.restore = mock.restore;
  return server;
}
