// Pure rules of the limiter: quota windows in a timezone and OpenAI's rate-limit headers.
import { describe, expect, it } from 'vitest';
import {
  formatResetDuration,
  LimitRefusal,
  rateLimitHeaders,
  tightest,
} from '../../../src/modules/limits/rate-headers';

describe('rate-limit headers', () => {
  it('write resets in OpenAI duration style', () => {
    expect(formatResetDuration(20)).toBe('20ms');
    expect(formatResetDuration(1000)).toBe('1s');
    expect(formatResetDuration(360_000)).toBe('6m0s');
    expect(formatResetDuration(3_723_000)).toBe('1h2m3s');
  });

  it('report the tightest limit of each kind', () => {
    const reading = tightest([
      { limit: 100, remaining: 50, resetMs: 60_000 },
      { limit: 10, remaining: 2, resetMs: 30_000 },
    ]);
    expect(rateLimitHeaders(reading, undefined, 0)).toEqual({
      'x-ratelimit-limit-requests': '10',
      'x-ratelimit-remaining-requests': '2',
      'x-ratelimit-reset-requests': '30s',
    });
  });

  it('render a refusal with Retry-After in OpenAI’s error shape', () => {
    const refusal = new LimitRefusal('rpm', 12, {}, { limit: 3 });
    expect(refusal.headers['retry-after']).toBe('12');
    expect(refusal.openAiBody('en')).toEqual({
      error: {
        message: 'Rate limit reached: at most 3 requests per minute; retry in 12 s',
        type: 'rate_limit_exceeded',
        param: null,
        code: 'rate_limit_exceeded',
      },
    });
  });
});

import {
  calendarWindow,
  windowCutoff,
  windowResetsAt,
} from '../../../src/modules/limits/window-rules';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('quota windows', () => {
  it('start calendar periods at local midnight, weeks on Monday', () => {
    const now = at('2026-11-25T03:00:00Z'); // a Wednesday
    expect(calendarWindow('day', now, 'UTC')).toEqual({
      start: at('2026-11-25T00:00:00Z'),
      end: at('2026-11-26T00:00:00Z'),
    });
    expect(calendarWindow('week', now, 'UTC')).toEqual({
      start: at('2026-11-23T00:00:00Z'),
      end: at('2026-11-30T00:00:00Z'),
    });
    expect(calendarWindow('month', at('2026-12-31T23:59:59Z'), 'UTC')).toEqual({
      start: at('2026-12-01T00:00:00Z'),
      end: at('2027-01-01T00:00:00Z'),
    });
    // 03:00 UTC is 11:00 in Shanghai (UTC+8): the day began at 16:00 UTC the day before.
    expect(calendarWindow('day', now, 'Asia/Shanghai').start).toBe(at('2026-11-24T16:00:00Z'));
  });

  it('keep local midnight across a daylight-saving change', () => {
    // New York leaves DST on 2026-11-01: that day lasts 25 hours.
    const window = calendarWindow('day', at('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(window.start).toBe(at('2026-11-01T04:00:00Z'));
    expect(window.end).toBe(at('2026-11-02T05:00:00Z'));
  });

  it('roll a 5h window from its first request', () => {
    const start = at('2026-11-25T10:00:00Z');
    expect(windowResetsAt('5h', start, start + 3600, 'UTC')).toBe(start + 5 * 3600);
    expect(windowResetsAt('5h', start, start + 5 * 3600, 'UTC')).toBe(0);
    expect(windowCutoff('5h', start + 5 * 3600, 'UTC')).toEqual({
      cutoff: start + 1,
      freshStart: start + 5 * 3600,
    });
    expect(windowResetsAt('', start, start, 'UTC')).toBe(0);
    expect(windowResetsAt('day', 0, start, 'UTC')).toBe(0);
  });
});

describe('limit refusals in each dialect', () => {
  it('render Anthropic and Gemini error bodies', () => {
    const refusal = new LimitRefusal('window', 60, {}, { limit: 100 });
    expect(refusal.code).toBe('insufficient_quota');
    expect(refusal.anthropicBody('en')).toEqual({
      type: 'error',
      error: {
        type: 'rate_limit_error',
        message: "This token's quota for the current window is used up; it resets in 60 s",
      },
    });
    expect(refusal.geminiBody('zh').error).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
    });
  });
});
