// Local stand-ins for GitHub OAuth, the WeChat verification server and Turnstile's verify
// endpoint, speaking their real request/response shapes on 127.0.0.1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from './loopback-server';

export interface FakeServer {
  url: string;
  /** Every request seen: method, path with query, headers and body. */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function startFake(handler: Handler, port = 0): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const { url, close } = await startLoopbackServer(async (request, response) => {
    const body = (await readBody(request)).toString('utf8');
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
    });
    handler(request, body, response);
  }, port);
  return { url, requests, close };
}

export interface GitHubAccount {
  id: number;
  login: string;
  name: string;
}

export interface FakeGitHubOptions {
  clientId: string;
  clientSecret: string;
  /** Which account each authorization code stands for. */
  accounts: Map<string, GitHubAccount>;
  port?: number;
}

/**
 * GitHub's OAuth web flow: GET /login/oauth/authorize redirects back with a code (the login
 * hint picks the account, else the first), POST /login/oauth/access_token trades a code once,
 * GET /user answers for the bearer token.
 */
export function startFakeGitHub(options: FakeGitHubOptions): Promise<FakeServer> {
  const tokens = new Map<string, GitHubAccount>();
  let issued = 0;
  return startFake((request, body, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const login = url.searchParams.get('login');
      const entry =
        [...options.accounts].find(([, account]) => account.login === login) ??
        [...options.accounts][0];
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '/');
      redirect.searchParams.set('code', entry?.[0] ?? 'none');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: redirect.toString() });
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const input = JSON.parse(body || '{}') as Record<string, string>;
      const account = options.accounts.get(input.code ?? '');
      if (
        input.client_id !== options.clientId ||
        input.client_secret !== options.clientSecret ||
        !account
      ) {
        json(response, 200, { error: 'bad_verification_code' });
        return;
      }
      issued += 1;
      const token = `gho_fake${issued}`;
      tokens.set(token, account);
      json(response, 200, { access_token: token, token_type: 'bearer', scope: '' });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/user') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const account = tokens.get(token);
      if (!account) json(response, 401, { message: 'Bad credentials' });
      else json(response, 200, account);
      return;
    }
    json(response, 404, { message: 'Not Found' });
  }, options.port);
}

/** The WeChat verification server: GET /api/wechat/user?code= with the server token. */
export function startFakeWeChat(token: string, codes: Map<string, string>): Promise<FakeServer> {
  return startFake((request, _body, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/api/wechat/user') return json(response, 404, {});
    if (request.headers.authorization !== token) {
      return json(response, 200, { success: false, message: 'unauthorized' });
    }
    const id = codes.get(url.searchParams.get('code') ?? '');
    if (!id) return json(response, 200, { success: false, message: 'invalid code' });
    return json(response, 200, { success: true, message: '', data: id });
  });
}

/** Turnstile siteverify: a form POST; `pass` tokens succeed for the right secret. */
export function startFakeTurnstile(secret: string, passingToken: string): Promise<FakeServer> {
  return startFake((request, body, response) => {
    const form = new URLSearchParams(body);
    const success =
      request.method === 'POST' &&
      form.get('secret') === secret &&
      form.get('response') === passingToken;
    json(
      response,
      200,
      success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
    );
  });
}
