import { formatRelativeTime, formatTime, parseTime } from './format-time';

describe('formatTime', () => {
  it('shows unix seconds as local YYYY-MM-DD HH:mm:ss and parses it back', () => {
    const seconds = Math.floor(new Date(2026, 10, 2, 6, 5, 9).getTime() / 1000);
    expect(formatTime(seconds)).toBe('2026-11-02 06:05:09');
    expect(parseTime('2026-11-02 06:05:09')).toBe(seconds);
  });

  it('shows nothing for a time never recorded and refuses text that is not a date', () => {
    expect(formatTime(0)).toBe('');
    expect(parseTime('tomorrow-ish')).toBeNull();
  });
});

describe('formatRelativeTime', () => {
  const now = 1_800_000_000;

  it('says how long ago in the largest whole unit, in either language', () => {
    expect(formatRelativeTime(now - 5 * 60, 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3600, 'zh', now)).toBe('3小时前');
    expect(formatRelativeTime(now + 2 * 86400, 'en', now)).toBe('in 2 days');
    expect(formatRelativeTime(now, 'en', now)).toBe('now');
  });

  it('shows nothing for a time never recorded', () => {
    expect(formatRelativeTime(0, 'en', now)).toBe('');
  });
});
