import type { SessionUser } from '@switchyard/contracts';
import { ApiError } from '../http/api-error';
import { i18next, initI18n } from '../i18n/i18n';
import { LOCAL_KEYS } from '../store/local-settings';
import { useSessionStore } from '../store/session-store';
import { type Notifier, reportError } from './report-error';

const httpError = (status: number, message = 'boom') =>
  new ApiError(message, { kind: 'http', status });

function recorder() {
  const shown: { level: string; text: string }[] = [];
  const notify: Notifier = {
    error: (text) => shown.push({ level: 'error', text }),
    info: (text) => shown.push({ level: 'info', text }),
  };
  return { shown, notify };
}

const cases: [ApiError, 'zh' | 'en', { level: string; text: string }][] = [
  [httpError(429), 'zh', { level: 'error', text: '错误：请求次数过多，请稍后再试！' }],
  [
    httpError(429),
    'en',
    { level: 'error', text: 'Error: too many requests, please try again later!' },
  ],
  [httpError(500), 'zh', { level: 'error', text: '错误：服务器内部错误，请联系管理员！' }],
  [
    httpError(500),
    'en',
    { level: 'error', text: 'Error: internal server error, please contact the administrator!' },
  ],
  [httpError(405), 'zh', { level: 'info', text: '本站仅作演示之用，无服务端！' }],
  [
    httpError(405),
    'en',
    { level: 'info', text: 'This site is for demonstration only and has no server!' },
  ],
  [httpError(403, '权限不足'), 'zh', { level: 'error', text: '错误：权限不足' }],
  [httpError(502, 'Bad Gateway'), 'en', { level: 'error', text: 'Error: Bad Gateway' }],
  [
    new ApiError('用户名或密码错误', { kind: 'refused', status: 200 }),
    'zh',
    { level: 'error', text: '用户名或密码错误' },
  ],
  [
    new ApiError('Invalid request: email is invalid', {
      kind: 'http',
      status: 400,
      data: {
        fields: [
          { field: 'email', code: 'email', params: {}, message: 'Enter a valid email address' },
        ],
      },
    }),
    'en',
    { level: 'error', text: 'Please check the fields: email: Enter a valid email address' },
  ],
];

describe('reportError (spec §8)', () => {
  beforeAll(() => {
    initI18n();
  });

  it.each(cases)('maps %s in %s', async (error, language, expected) => {
    await i18next.changeLanguage(language);
    const { shown, notify } = recorder();
    reportError(error, { notify, navigate: vi.fn() });
    expect(shown).toEqual([expected]);
  });

  it('sends a 401 to /login?expired=true and clears the stored user', () => {
    const user: SessionUser = {
      id: 1,
      username: 'alice',
      display_name: 'Alice',
      role: 1,
      status: 1,
      group: 'default',
    };
    useSessionStore.getState().setUser(user);
    expect(localStorage.getItem(LOCAL_KEYS.user)).not.toBeNull();
    const navigate = vi.fn();
    const { shown, notify } = recorder();

    reportError(httpError(401), { notify, navigate });

    expect(navigate).toHaveBeenCalledWith('/login?expired=true');
    expect(useSessionStore.getState().user).toBeNull();
    // The route guard reads this to keep the "expired" notice when it redirects first.
    expect(useSessionStore.getState().sessionExpired).toBe(true);
    expect(localStorage.getItem(LOCAL_KEYS.user)).toBeNull();
    expect(shown).toEqual([]);
    useSessionStore.getState().setUser(user);
    expect(useSessionStore.getState().sessionExpired).toBe(false);
  });

  it('never shows a cancelled request', () => {
    const { shown, notify } = recorder();
    reportError(new ApiError('canceled', { kind: 'canceled', status: 0 }), { notify });
    expect(shown).toEqual([]);
  });
});
