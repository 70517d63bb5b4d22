import { type PublicStatus, Role } from '@switchyard/contracts';
import { navKeyForPath, sidebarItems } from './sidebar-items';

const status = (flags: Partial<PublicStatus> = {}) =>
  ({
    chat_link: '',
    enable_data_export: false,
    enable_drawing: false,
    enable_task: false,
    ...flags,
  }) as PublicStatus;

const keys = (user: { role: number } | null, flags?: Partial<PublicStatus>) =>
  sidebarItems(user, status(flags)).map((item) => item.key);

const ALL_FLAGS = {
  chat_link: 'https://chat.example.com',
  enable_data_export: true,
  enable_drawing: true,
  enable_task: true,
  status_page_enabled: true,
};

describe('sidebar items', () => {
  it('gives root and admins every item in the spec order when every flag is on', () => {
    const all = [
      'home',
      'channel',
      'chat',
      'token',
      'playground',
      'redemption',
      'topup',
      'plans',
      'plan',
      'pricing',
      'status',
      'user',
      'log',
      'detail',
      'midjourney',
      'task',
      'audit',
      'org',
      'apiReference',
      'setting',
    ];
    expect(keys({ role: Role.root }, ALL_FLAGS)).toEqual(all);
    // The plan catalogue is the super admin's.
    expect(keys({ role: Role.admin }, ALL_FLAGS)).toEqual(all.filter((key) => key !== 'plan'));
  });

  it('hides the admin items from ordinary users', () => {
    expect(keys({ role: Role.common }, ALL_FLAGS)).toEqual([
      'home',
      'chat',
      'token',
      'playground',
      'topup',
      'plans',
      'pricing',
      'status',
      'log',
      'detail',
      'midjourney',
      'task',
      'org',
      'setting',
    ]);
  });

  it('shows guests what an ordinary user sees (the protected ones lead to login)', () => {
    expect(keys(null)).toEqual([
      'home',
      'token',
      'playground',
      'topup',
      'plans',
      'pricing',
      'log',
      'org',
      'setting',
    ]);
  });

  it('shows chat, dashboard, drawing and async tasks only while their status flag is on', () => {
    const user = { role: Role.common };
    expect(keys(user)).toEqual([
      'home',
      'token',
      'playground',
      'topup',
      'plans',
      'pricing',
      'log',
      'org',
      'setting',
    ]);
    expect(keys(user, { chat_link: 'https://chat.example.com' })).toContain('chat');
    expect(keys(user, { enable_data_export: true })).toContain('detail');
    expect(keys(user, { enable_drawing: true })).toContain('midjourney');
    expect(keys(user, { enable_task: true })).toContain('task');
    expect(keys(user, { status_page_enabled: true })).toContain('status');
    expect(keys(null, { status_page_enabled: true })).toContain('status');
    expect(sidebarItems(user, null).map((item) => item.key)).toEqual(keys(user));
  });

  it('highlights the section a page belongs to', () => {
    expect(navKeyForPath('/')).toBe('home');
    expect(navKeyForPath('/channel/edit/12')).toBe('channel');
    expect(navKeyForPath('/channel/add')).toBe('channel');
    expect(navKeyForPath('/user/edit')).toBe('user');
    expect(navKeyForPath('/setting')).toBe('setting');
    expect(navKeyForPath('/user/reset')).toBeUndefined();
    expect(navKeyForPath('/nowhere')).toBeUndefined();
  });
});
