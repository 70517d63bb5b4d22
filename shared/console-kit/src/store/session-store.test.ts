import type { PublicStatus, SessionUser } from '@switchyard/contracts';
import { LOCAL_KEYS } from './local-settings';
import { getPageSize, setPageSize } from './page-size';
import { loadSessionData, useSessionStore } from './session-store';

const user: SessionUser = {
  id: 3,
  username: 'bob',
  display_name: 'Bob',
  role: 10,
  status: 1,
  group: 'default',
};

const status = {
  system_name: 'Switchyard',
  chat_link: 'https://chat.example.com',
  chat_link2: '',
  footer_html: '<b>hi</b>',
  mj_notify_enabled: false,
  enable_data_export: true,
  enable_drawing: false,
  enable_task: true,
  default_collapse_sidebar: false,
} as PublicStatus;

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState(loadSessionData());
  });

  it('persists the user as JSON and clears it', () => {
    useSessionStore.getState().setUser(user);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(loadSessionData().user).toEqual(user);
    useSessionStore.getState().clearUser();
    expect(localStorage.getItem('user')).toBeNull();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('persists the status and copies the spec §3 local settings from it', () => {
    useSessionStore.getState().setStatus(status);
    expect(JSON.parse(localStorage.getItem('status') ?? '{}')).toMatchObject({
      system_name: 'Switchyard',
    });
    expect(localStorage.getItem('chat_link')).toBe('https://chat.example.com');
    expect(localStorage.getItem('chat_link2')).toBe('');
    expect(localStorage.getItem('footer_html')).toBe('<b>hi</b>');
    expect(localStorage.getItem('mj_notify_enabled')).toBe('false');
    expect(localStorage.getItem('enable_data_export')).toBe('true');
    expect(localStorage.getItem('enable_drawing')).toBe('false');
    expect(localStorage.getItem('enable_task')).toBe('true');
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('false');
  });

  it('persists theme and language under theme-mode and lang', () => {
    useSessionStore.getState().setTheme('dark');
    useSessionStore.getState().setLanguage('en');
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('dark');
    expect(localStorage.getItem(LOCAL_KEYS.language)).toBe('en');
    expect(loadSessionData()).toMatchObject({ theme: 'dark', language: 'en' });
  });

  it('falls back to defaults when storage holds garbage', () => {
    localStorage.setItem('user', '{not json');
    localStorage.setItem('theme-mode', 'purple');
    localStorage.setItem('lang', 'fr');
    const data = loadSessionData();
    expect(data.user).toBeNull();
    expect(data.theme).toBe('light');
    expect(['zh', 'en']).toContain(data.language);
  });
});

describe('page size', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to 10 and remembers an allowed size under page-size', () => {
    expect(getPageSize()).toBe(10);
    setPageSize(50);
    expect(localStorage.getItem('page-size')).toBe('50');
    expect(getPageSize()).toBe(50);
  });

  it('ignores sizes outside 10/20/50/100', () => {
    setPageSize(33);
    expect(getPageSize()).toBe(10);
    localStorage.setItem('page-size', 'abc');
    expect(getPageSize()).toBe(10);
  });
});
