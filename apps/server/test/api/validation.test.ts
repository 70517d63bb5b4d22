// Bad input never gets a 500 or a half-written record; unknown routes get the right 404 shape.
import { describe, expect, it } from 'vitest';
import { countRows } from '../helpers/factories';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer({ env: { BODY_LIMIT: '2048' } });

const json = { 'content-type': 'application/json' };

describe('bad input on register', () => {
  const cases: [string, string, Record<string, string>, number, RegExp][] = [
    ['malformed JSON', '{"username": "abc", ', json, 400, /not valid JSON/],
    ['a JSON string', '"just a string"', json, 400, /request body/],
    [
      'wrong types',
      JSON.stringify({ username: 42, password: ['x'] }),
      json,
      400,
      /username.*password/,
    ],
    ['missing fields', JSON.stringify({}), json, 400, /username is required/],
    [
      'a long username',
      JSON.stringify({ username: 'x'.repeat(40), password: 'password123' }),
      json,
      400,
      /username must be at most 12/,
    ],
    ['an empty body', '', json, 400, /empty/],
    [
      'a form body',
      'username=a&password=b',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      /content type/,
    ],
    ['a text body', 'hello', { 'content-type': 'text/plain' }, 415, /content type/],
    [
      'an oversized body',
      JSON.stringify({ username: 'abc', password: 'x'.repeat(5000) }),
      json,
      413,
      /too large/,
    ],
  ];

  for (const [name, payload, headers, status, message] of cases) {
    it(`${name} → ${status} envelope, users unchanged`, async () => {
      const before = await countRows(server.db, 'users');
      const reply = await server.client().request('POST', '/api/user/register', payload, headers);
      expect(reply.status).toBe(status);
      expect(reply.json.success).toBe(false);
      expect(reply.json.message).toMatch(message);
      expect(reply.headers['content-type']).toMatch(/application\/json/);
      expect(await countRows(server.db, 'users')).toBe(before);
    });
  }

  it('names the bad field in Chinese too', async () => {
    const reply = await server
      .client({ 'accept-language': 'zh-CN' })
      .post('/api/user/register', { username: 'abc', password: 'short' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toBe('请求参数无效：password 长度不能少于 8');
  });
});

describe('unknown routes', () => {
  it('an unknown /api route is a 404 envelope', async () => {
    const reply = await server.client().get('/api/does/not/exist');
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ success: false, message: 'No such API endpoint' });
  });

  it('a known path with the wrong method is a 404 envelope', async () => {
    const reply = await server.client().request('DELETE', '/api/status');
    expect(reply.status).toBe(404);
    expect(reply.json.success).toBe(false);
  });

  it('a malformed URL is a 400 envelope', async () => {
    const reply = await server.client().get('/api/user/%ZZ');
    expect(reply.status).toBe(400);
    expect(reply.json.success).toBe(false);
  });

  it('an unknown /v1 route is an OpenAI-style 404', async () => {
    const reply = await server.client().post('/v1/nothing', {});
    expect(reply.status).toBe(404);
    expect(reply.body()).toEqual({
      error: { message: 'No such API endpoint', type: 'invalid_request_error', code: 'not_found' },
    });
  });
});

describe('headers', () => {
  it('/api replies are not cached and never sniffed', async () => {
    for (const url of ['/api/status', '/api/nope']) {
      const reply = await server.client().get(url);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the trailing slash is optional', async () => {
    const reply = await server.client().get('/api/status/');
    expect(reply.status).toBe(200);
  });
});

describe('unexpected failures', () => {
  it('answer a 500 envelope with a generic message, never internals', async () => {
    const broken = await server.context.start();
    const root = broken.client();
    await root.login('root', '123456');
    await broken.runtime.database.close();
    const reply = await root.get('/api/user/self');
    expect(reply.status).toBe(500);
    expect(reply.json).toEqual({
      success: false,
      message: 'Internal server error, please contact the administrator',
    });
  });
});
