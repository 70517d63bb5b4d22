// A fake Midjourney proxy and Suno API on 127.0.0.1: submit calls create tasks whose state the
// test then moves (progress, success with an image, failure); fetch calls report that state.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLoopbackServer } from './loopback-server';

export const FAKE_DRAWING_SECRET = 'mj-secret';
export const FAKE_MUSIC_KEY = 'suno-key';
/** A 1×1 PNG the fake serves as every drawing result. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface SubmitRecord {
  path: string;
  body: Record<string, unknown>;
}

export interface FakeTaskUpstream {
  url: string;
  submits: SubmitRecord[];
  /** Makes the next drawing submit answer with this code (1, 21, 22, 0 …) and description. */
  nextDrawingCode(code: number, description?: string): void;
  /** Sets what the proxy reports for a drawing task. */
  setDrawing(id: string, state: Record<string, unknown>): void;
  setMusic(id: string, state: Record<string, unknown>): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(request);
  try {
    return JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startFakeTaskUpstream(): Promise<FakeTaskUpstream> {
  const submits: SubmitRecord[] = [];
  const drawings = new Map<string, Record<string, unknown>>();
  const songs = new Map<string, Record<string, unknown>>();
  let next: { code: number; description: string } | null = null;
  let counter = 0;

  const { url, close } = await startLoopbackServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method === 'GET' && path.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
      return;
    }
    const body = await readJson(request);
    if (path.startsWith('/mj/')) {
      if (request.headers['mj-api-secret'] !== FAKE_DRAWING_SECRET)
        return send(response, 401, { error: 'bad secret' });
      if (path === '/mj/task/list-by-condition') {
        const ids = Array.isArray(body.ids) ? body.ids : [];
        return send(
          response,
          200,
          ids.flatMap((id) =>
            drawings.has(String(id)) ? [{ id, ...drawings.get(String(id)) }] : [],
          ),
        );
      }
      const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path);
      if (seed) return send(response, 200, { code: 1, description: '', result: `seed-${seed[1]}` });
      submits.push({ path, body });
      const reply = next ?? { code: 1, description: 'Submit success' };
      next = null;
      counter += 1;
      const id = `mj-${Date.now()}-${counter}`;
      if (reply.code === 1 || reply.code === 21 || reply.code === 22) {
        drawings.set(id, { status: 'SUBMITTED', progress: '0%' });
        return send(response, 200, {
          code: reply.code,
          description: reply.description,
          result: id,
          properties: {},
        });
      }
      return send(response, 200, {
        code: reply.code,
        description: reply.description,
        result: null,
      });
    }
    if (path.startsWith('/suno/')) {
      if (request.headers.authorization !== `Bearer ${FAKE_MUSIC_KEY}`)
        return send(response, 401, { message: 'bad key' });
      if (path === '/suno/fetch') {
        const ids = Array.isArray(body.ids) ? body.ids : [];
        const data = ids.flatMap((id) =>
          songs.has(String(id)) ? [{ task_id: id, ...songs.get(String(id)) }] : [],
        );
        return send(response, 200, { code: 'success', message: '', data });
      }
      submits.push({ path, body });
      counter += 1;
      const id = `suno-${Date.now()}-${counter}`;
      songs.set(id, { status: 'SUBMITTED', progress: '0%' });
      return send(response, 200, { code: 'success', message: '', data: id });
    }
    send(response, 404, { error: 'not found' });
  });
  return {
    url,
    submits,
    nextDrawingCode: (code, description = 'refused') => {
      next = { code, description };
    },
    setDrawing: (id, state) => drawings.set(id, { ...drawings.get(id), ...state }),
    setMusic: (id, state) => songs.set(id, { ...songs.get(id), ...state }),
    close,
  };
}
