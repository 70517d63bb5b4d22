// One loopback server speaking every native provider protocol the relay's adapters use. Each
// protocol lives in its own file and checks credentials the way its provider does; this file
// routes requests (and Spark's WebSocket upgrades) to them and keeps what tests assert on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { readBody, requestLine, startLoopbackServer } from '../loopback-server';
import { aiproxyRoutes } from './aiproxy';
import { baiduRoutes } from './baidu';
import { bedrockRoutes } from './bedrock';
import { cohereRoutes } from './cohere';
import { compatibleRoutes } from './compatible';
import { dashscopeRoutes } from './dashscope';
import { fastgptRoutes } from './fastgpt';
import { hunyuanRoutes } from './hunyuan';
import { palmRoutes } from './palm';
import { sparkUpgrade } from './spark';
import { zhipuRoutes } from './zhipu';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** The JSON body, or undefined. */
  body: Record<string, unknown> | undefined;
}

export interface FakeState {
  /** Every request (WebSocket frames of Spark included, as path `/ws` + the version path). */
  calls: FakeCall[];
  /** Baidu token exchanges per client id. */
  tokenExchanges: Map<string, number>;
  /** Zhipu JWTs seen per api key id. */
  jwtsSeen: Map<string, Set<string>>;
  /** Spark WebSockets the gateway closed before the reply was complete. */
  sparkClosedEarly: number;
}

export type Route = (
  call: FakeCall,
  res: ServerResponse,
  state: FakeState,
) => boolean | Promise<boolean>;

export interface ProviderFake extends FakeState {
  url: string;
  /** ws://127.0.0.1:<port> for Spark. */
  wsUrl: string;
  close(): Promise<void>;
}

const ROUTES: Route[] = [
  baiduRoutes,
  zhipuRoutes,
  dashscopeRoutes,
  hunyuanRoutes,
  bedrockRoutes,
  cohereRoutes,
  palmRoutes,
  fastgptRoutes,
  aiproxyRoutes,
  compatibleRoutes,
];

function parse(raw: Buffer): Record<string, unknown> | undefined {
  try {
    return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function startProviderFake(): Promise<ProviderFake> {
  const state: FakeState = {
    calls: [],
    tokenExchanges: new Map(),
    jwtsSeen: new Map(),
    sparkClosedEarly: 0,
  };
  const sockets = new Set<Socket>();
  const loopback = await startLoopbackServer(async (req, res) => {
    const raw = await readBody(req);
    const call: FakeCall = { ...requestLine(req), raw, body: parse(raw) };
    state.calls.push(call);
    for (const route of ROUTES) if (await route(call, res, state)) return;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no fake route for ${call.path}` } }));
  });
  // Spark's WebSockets leave the HTTP server's connection list once upgraded: tracked here.
  loopback.server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  loopback.server.on('upgrade', (req, socket, head) =>
    sparkUpgrade(req, socket as Socket, head, state),
  );
  return Object.assign(state, {
    url: loopback.url,
    wsUrl: `ws://127.0.0.1:${loopback.port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return loopback.close();
    },
  });
}
