import { defineEndpoint, noData, redemptionEndpoints } from '@switchyard/contracts/endpoints';
import { z } from 'zod';
import { initI18n } from '../i18n/i18n';
import { endpointPage } from '../list/endpoint-page';
import { mockHttp } from '../testing/mock-http';
import { callEnvelope, createEndpointApi, endpointUrl, lazyEndpointApi } from './endpoint-client';

const table = {
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/thing/:id',
    summary: 'test',
    role: 'admin',
    params: z.object({ id: z.coerce.number() }),
    reply: noData,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/thing/',
    summary: 'test',
    role: 'user',
    query: z.object({ status_only: z.enum(['true', 'false']).optional() }),
    body: z.object({ name: z.string() }),
    reply: z.object({ id: z.number() }),
  }),
  document: defineEndpoint({
    method: 'GET',
    path: '/api/doc.json',
    summary: 'test',
    role: 'admin',
    reply: z.record(z.string(), z.unknown()),
    bare: true,
  }),
  counted: defineEndpoint({
    method: 'GET',
    path: '/api/counted',
    summary: 'test',
    role: 'guest',
    reply: z.array(z.number()),
    beside: z.object({ total: z.number() }),
  }),
  start: defineEndpoint({
    method: 'GET',
    path: '/api/provider/start',
    summary: 'test',
    role: 'guest',
    reply: noData,
    redirect: true,
  }),
};

describe('the endpoint client', () => {
  let mock: ReturnType<typeof mockHttp> | undefined;
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    mock?.restore();
  });

  it('sends the method, the filled path, the query and the body, and resolves to data', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '', data: { id: 3 } } }));
    const api = createEndpointApi(table);
    await expect(
      api.save({ query: { status_only: 'true' }, body: { name: 'n' } }),
    ).resolves.toEqual({ id: 3 });
    await api.remove({ params: { id: 'a/b' } });
    const [save, remove] = mock.seen;
    expect([save?.method, save?.url, save?.params, JSON.parse(String(save?.data))]).toEqual([
      'put',
      '/api/thing/',
      { status_only: 'true' },
      { name: 'n' },
    ]);
    expect([remove?.method, remove?.url]).toEqual(['delete', '/api/thing/a%2Fb']);
  });

  it('resolves to an envelope with its beside fields, and leaves a bare body or a redirect to the browser', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '', data: [1], total: 9 } }));
    const counted = await callEnvelope(table.counted);
    expect([counted.data, counted.total]).toEqual([[1], 9]);
    await expect(createEndpointApi(table).document()).rejects.toThrow(/use endpointUrl/);
    // A redirect is a navigation the browser makes itself, never an XHR.
    await expect(createEndpointApi(table).start()).rejects.toThrow(/use endpointUrl/);
    expect(endpointUrl(table.start)).toBe('/api/provider/start');
    expect(mock.seen).toHaveLength(1);
  });

  it('loads a lazy table once, on its first call, and calls through it like the eager client', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '', data: { id: 4 } } }));
    let loads = 0;
    const api = lazyEndpointApi(async () => {
      loads += 1;
      return table;
    });
    expect(loads).toBe(0);
    await expect(Promise.resolve(api)).resolves.toBe(api);
    await expect(api.save({ body: { name: 'n' } })).resolves.toEqual({ id: 4 });
    await api.remove({ params: { id: 7 } });
    expect(loads).toBe(1);
    expect(mock.seen.map((call) => `${call.method} ${call.url}`)).toEqual([
      'put /api/thing/',
      'delete /api/thing/7',
    ]);
  });

  it('refuses to build a URL without its path parameter', () => {
    expect(() => endpointUrl(table.remove, {})).toThrow(/missing path parameter id/);
  });

  it('turns the table page (from 1) into the endpoint page base in one place', () => {
    expect(endpointPage(redemptionEndpoints.list, 1)).toBe(0);
    expect(endpointPage(table.counted, 1)).toBe(1);
    expect(endpointPage(redemptionEndpoints.list, 4)).toBe(3);
  });
});
