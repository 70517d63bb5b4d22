// A hostile drawing upstream (issue 15, finding 7): /mj/image/:id is served on the console's origin,
// so an "image" that is really HTML or SVG with a script would be stored XSS against /api. The
// proxy must send only real images, typed from their bytes, capped in size, and inert.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/tasks-relay/image-proxy';
import { PNG } from '../fakes/fake-task-upstream';
import { createTestContext, type TestContext, type TestServer } from '../helpers/server';

let ctx: TestContext;
let server: TestServer;
let hostile: http.Server;
let base = '';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);
const SCRIPT_HTML = '<html><script>fetch("/api/user/token")</script></html>';
const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/user/token")</script></svg>';

const routes: Record<string, (response: http.ServerResponse) => void> = {
  '/html': (r) => r.writeHead(200, { 'content-type': 'text/html' }).end(SCRIPT_HTML),
  '/svg': (r) => r.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SCRIPT_SVG),
  '/png-labelled-html': (r) => r.writeHead(200, { 'content-type': 'text/html' }).end(PNG),
  '/jpeg': (r) => r.writeHead(200, { 'content-type': 'application/octet-stream' }).end(JPEG),
  '/gif': (r) => r.writeHead(200).end(GIF),
  '/webp': (r) => r.writeHead(200, { 'content-type': 'image/webp' }).end(WEBP),
  '/missing': (r) => r.writeHead(404, { 'content-type': 'text/html' }).end(SCRIPT_HTML),
  '/huge': (r) => {
    // A PNG header, then more bytes than the cap, streamed without a Content-Length.
    r.writeHead(200, { 'content-type': 'image/png' });
    r.write(PNG);
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = () => {
      while (sent <= MAX_IMAGE_BYTES) {
        sent += chunk.length;
        if (!r.write(chunk)) return void r.once('drain', pump);
      }
      r.end();
    };
    r.on('error', () => undefined);
    pump();
  },
};

beforeAll(async () => {
  hostile = http.createServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  ctx = await createTestContext();
  server = await ctx.start();
  for (const path of Object.keys(routes)) {
    await server.db
      .insertInto('midjourneys')
      .values({
        user_id: 1,
        action: 'IMAGINE',
        mj_id: `task${path.replace(/\W/g, '-')}`,
        prompt: 'x',
        prompt_en: 'x',
        description: null,
        state: null,
        created_at: Math.floor(Date.now() / 1000),
        image_url: `${base}${path}`,
        fail_reason: null,
        buttons: null,
        properties: null,
      })
      .execute();
  }
});
afterAll(async () => {
  await ctx.close();
  hostile.closeAllConnections();
  await new Promise((resolve) => hostile.close(resolve));
});

const image = (path: string) =>
  server.app.inject({ method: 'GET', url: `/mj/image/task${path.replace(/\W/g, '-')}` });

describe('/mj/image', () => {
  it('refuses HTML and SVG carrying a script, whatever the upstream calls them', async () => {
    for (const path of ['/html', '/svg', '/missing']) {
      const reply = await image(path);
      expect(reply.statusCode, path).toBe(502);
      expect(reply.headers['content-type'], path).toMatch(/^application\/json/);
      expect(reply.body, path).not.toContain('<script>');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('types real images from their bytes and serves them inert', async () => {
    const expected: [string, string, Buffer][] = [
      ['/png-labelled-html', 'image/png', PNG],
      ['/jpeg', 'image/jpeg', JPEG],
      ['/gif', 'image/gif', GIF],
      ['/webp', 'image/webp', WEBP],
    ];
    for (const [path, type, bytes] of expected) {
      const reply = await image(path);
      expect(reply.statusCode, path).toBe(200);
      expect(reply.headers['content-type'], path).toBe(type);
      expect(reply.rawPayload.equals(bytes), path).toBe(true);
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-disposition']).toMatch(/^inline; filename="task-[\w-]+\.\w+"$/);
      expect(reply.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    }
  });

  it('refuses a picture beyond the size cap', async () => {
    const reply = await image('/huge');
    expect(reply.statusCode).toBe(502);
    expect(reply.json()).toMatchObject({ code: 'too_large' });
  });
});
