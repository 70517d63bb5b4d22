import { initI18n } from '../i18n/i18n';
import { useSessionStore } from '../store/session-store';
import { mockHttp } from '../testing/mock-http';
import { apiGet, apiPost } from './api';
import { ApiError } from './api-error';

describe('http client', () => {
  let mock: ReturnType<typeof mockHttp> | undefined;
  beforeAll(() => {
    initI18n();
  });
  afterEach(() => {
    mock?.restore();
  });

  it('resolves to the envelope data and sends query params through params', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '', data: { id: 7 } } }));
    await expect(apiGet<{ id: number }>('/api/thing', { params: { p: 2 } })).resolves.toEqual({
      id: 7,
    });
    expect(mock.seen[0]?.params).toEqual({ p: 2 });
    expect(mock.seen[0]?.withCredentials).toBe(true);
  });

  it('turns success:false into a refused ApiError carrying the server message', async () => {
    mock = mockHttp(() => ({ body: { success: false, message: '用户名或密码错误' } }));
    const failure = apiPost('/api/user/login', { body: { username: 'a', password: 'b' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      kind: 'refused',
      status: 200,
      message: '用户名或密码错误',
    });
  });

  it('rethrows HTTP errors as ApiError with the status', async () => {
    mock = mockHttp(() => ({ status: 429, body: { success: false, message: 'slow down' } }));
    await expect(apiGet('/api/status')).rejects.toMatchObject({ kind: 'http', status: 429 });
  });

  it('rethrows a missing reply as a network ApiError', async () => {
    mock = mockHttp(() => new Error('connect ECONNREFUSED'));
    await expect(apiGet('/api/status')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('sends the current console language as Accept-Language', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '' } }));
    useSessionStore.getState().setLanguage('en');
    await apiGet('/api/notice');
    useSessionStore.getState().setLanguage('zh');
    await apiGet('/api/notice');
    expect(mock.seen.map((config) => config.headers.get('Accept-Language'))).toEqual(['en', 'zh']);
  });

  it('sends the signed-in user id as New-Api-User, and -1 when signed out', async () => {
    mock = mockHttp(() => ({ body: { success: true, message: '' } }));
    useSessionStore.getState().setUser({
      id: 42,
      username: 'u',
      display_name: 'u',
      role: 1,
      status: 1,
      group: 'default',
    });
    await apiPost('/api/token/');
    useSessionStore.getState().clearUser();
    await apiGet('/api/status');
    expect(mock.seen.map((config) => config.headers.get('New-Api-User'))).toEqual(['42', '-1']);
  });
});
