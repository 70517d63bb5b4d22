// The console's one typed client over the contracts' endpoint tables: `tokensApi.remove({ params:
// { id } })`. The path, method and types come from the table, so no app writes an /api literal.
import type { ApiEnvelope } from '@switchyard/contracts';
import type {
  BesideData,
  Endpoint,
  ReplyData,
  RequestInput,
} from '@switchyard/contracts/endpoints';
import { http } from './http-client';

type Field<K extends string, S> = [NonNullable<S>] extends [never]
  ? { [P in K]?: undefined }
  : Record<never, never> extends RequestInput<S>
    ? { [P in K]?: RequestInput<S> }
    : { [P in K]: RequestInput<S> };

export type CallInput<E extends Endpoint> = Field<'params', E['params']> &
  Field<'query', E['query']> &
  Field<'body', E['body']> & { signal?: AbortSignal };

/** One endpoint's call: resolves to the envelope's `data`. */
export type EndpointCall<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? (input?: CallInput<E>) => Promise<ReplyData<E>>
    : (input: CallInput<E>) => Promise<ReplyData<E>>;

export type EndpointApi<T extends Record<string, Endpoint>> = {
  [K in keyof T]: EndpointCall<T[K]>;
};

interface LooseInput {
  params?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
}

/** Fills `:name` segments; a missing parameter is a programming error, never a request. */
export function endpointUrl(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

// Rsbuild replaces process.env.NODE_ENV at build time; tests run as 'test' and are not checked,
// since their mocked replies are often partial on purpose. Module-local: the kit has no Node types.
declare const process: { env: { NODE_ENV?: string } };
const checkReplies = process.env.NODE_ENV === 'development';

function checkReply(endpoint: Endpoint, data: unknown): void {
  if (!checkReplies) return;
  const result = endpoint.reply.safeParse(data);
  if (result.success) return;
  // Paths and messages only: the reply itself may hold keys or personal data.
  const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  console.error(
    `${endpoint.method} ${endpoint.path}: the reply does not match its contract`,
    issues,
  );
}

async function send(endpoint: Endpoint, input: LooseInput = {}): Promise<unknown> {
  const reply = await http.request<unknown>({
    method: endpoint.method,
    url: endpointUrl(endpoint, input.params),
    params: input.query,
    data: input.body,
    signal: input.signal,
  });
  return reply.data;
}

/** The envelope with the fields the endpoint declares beside `data`. */
export type EnvelopeOf<E extends Endpoint> = ApiEnvelope<ReplyData<E>> &
  (BesideData<E> extends undefined ? object : NonNullable<BesideData<E>>);

/** The whole envelope, for the endpoints that carry fields beside `data` (`beside`). */
export async function callEnvelope<E extends Endpoint>(
  endpoint: E,
  ...[input]: Parameters<EndpointCall<E>>
): Promise<EnvelopeOf<E>> {
  const body = (await send(endpoint, input as LooseInput | undefined)) as EnvelopeOf<E>;
  checkReply(endpoint, body.data);
  return body;
}

/** A typed function per endpoint of a table. */
export function createEndpointApi<T extends Record<string, Endpoint>>(table: T): EndpointApi<T> {
  const api: Record<string, (input?: LooseInput) => Promise<unknown>> = {};
  for (const [name, endpoint] of Object.entries(table)) {
    api[name] = async (input) => {
      // The shared HTTP client reads envelopes only; a bare body (a document, a CSV) is a
      // download the browser fetches from endpointUrl.
      if (endpoint.bare || endpoint.redirect) {
        throw new Error(`${endpoint.path} is a download or a navigation: use endpointUrl`);
      }
      const data = ((await send(endpoint, input)) as ApiEnvelope).data;
      checkReply(endpoint, data);
      return data;
    };
  }
  return api as EndpointApi<T>;
}

/**
 * A table's calls where the table itself loads on the first call: for a start chunk (the shell's
 * boot, a cold /login) that must not carry the table's zod schemas. `load` is called once.
 */
export function lazyEndpointApi<T extends Record<string, Endpoint>>(
  load: () => Promise<T>,
): EndpointApi<T> {
  let loading: Promise<EndpointApi<T>> | undefined;
  const api = () => {
    loading ??= load().then(createEndpointApi);
    return loading;
  };
  return new Proxy({} as EndpointApi<T>, {
    // Not a thenable: `then` (and symbols) are no calls, so the object can pass through a promise.
    get: (_target, name) =>
      typeof name === 'symbol' || name === 'then'
        ? undefined
        : async (input?: LooseInput) => {
            const calls = (await api()) as unknown as Record<
              string,
              (input?: LooseInput) => unknown
            >;
            const call = calls[String(name)];
            if (call === undefined) throw new Error(`no endpoint ${String(name)} in the table`);
            return call(input);
          },
  });
}
