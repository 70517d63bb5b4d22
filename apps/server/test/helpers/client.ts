// A small HTTP client over app.inject that keeps the session cookie between calls, like a browser,
// and sends the signed-in user's id in New-Api-User on every call, like the console.
import { SESSION_COOKIE, type SessionUser, USER_ID_HEADER } from '@switchyard/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** The /api envelope with the data type the test expects. */
export interface Envelope<D> {
  success: boolean;
  message: string;
  data?: D;
}

export interface TestResponse<D = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** The reply parsed as an envelope (an empty object when the body is not JSON). */
  json: Envelope<D>;
  /** The reply parsed as any other JSON shape. */
  body<T>(): T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

export class TestClient {
  cookie: string | undefined;
  /** The user the console would hold after signing in: sent as New-Api-User (-1 when unknown). */
  userId: number | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<D = unknown>(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<D>> {
    const options: InjectOptions = {
      method,
      url,
      headers: {
        [USER_ID_HEADER]: String(this.userId ?? -1),
        ...this.defaultHeaders,
        ...(this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {}),
        ...headers,
      },
    };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    if (session) this.cookie = session.value ? session.value : undefined;
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      json = undefined;
    }
    if (session) {
      const id = (json as Envelope<{ id?: unknown }> | undefined)?.data?.id;
      if (!session.value) this.userId = undefined;
      else if (typeof id === 'number') this.userId = id;
    }
    return {
      status: response.statusCode,
      headers: response.headers,
      text: response.body,
      json: (json ?? {}) as Envelope<D>,
      body: <T>() => json as T,
    };
  }

  get<D = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<D>('GET', url, undefined, headers);
  }

  post<D = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<D>('POST', url, body, headers);
  }

  put<D = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<D>('PUT', url, body, headers);
  }

  delete<D = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<D>('DELETE', url, undefined, headers);
  }

  async login(username: string, password: string): Promise<TestResponse<SessionUser>> {
    return this.post<SessionUser>('/api/user/login', { username, password });
  }
}
