import type { UsageBucket } from '@switchyard/contracts';
import {
  bucketStart,
  callsPerModel,
  MODEL_PALETTE,
  modelColors,
  quotaSeries,
  totalsOf,
} from './usage-series';

const at = (text: string) => Math.floor(new Date(text).getTime() / 1000);
const row = (model: string, time: string, quota: number, count = 1): UsageBucket => ({
  model_name: model,
  username: 'alice',
  created_at: at(time),
  count,
  quota,
  token_used: count * 10,
});

const rows = [
  row('gpt-4o', '2026-11-16T09:00', 100, 2),
  row('gpt-4o', '2026-11-16T10:00', 50),
  row('claude', '2026-11-17T10:00', 25, 3),
];

describe('usage series', () => {
  it('adds up quota, requests and tokens', () => {
    expect(totalsOf(rows)).toEqual({ quota: 175, count: 6, tokens: 60 });
  });

  it('keeps hours apart, merges them per day, and per Monday-started week', () => {
    const same = (value: number) => value;
    expect(quotaSeries(rows, 'hour', same)).toHaveLength(3);
    expect(quotaSeries(rows, 'day', same)).toEqual([
      { time: '2026-11-16', model: 'gpt-4o', value: 150 },
      { time: '2026-11-17', model: 'claude', value: 25 },
    ]);
    expect(quotaSeries(rows, 'week', (q) => q / 25).map((p) => [p.time, p.value])).toEqual([
      ['2026-11-16', 1],
      ['2026-11-16', 6],
    ]);
    expect(bucketStart(at('2026-11-22T06:30'), 'week')).toBe(at('2026-11-16T00:00'));
  });

  it('counts calls per model, most used first', () => {
    expect(callsPerModel([...rows, row('mistral', '2026-11-17T11:00', 1, 5)])).toEqual([
      { model: 'mistral', count: 5 },
      { model: 'claude', count: 3 },
      { model: 'gpt-4o', count: 3 },
    ]);
  });
});

describe('modelColors', () => {
  it('gives each model one colour in a stable order, whatever order the rows come in', () => {
    const rows = [
      row('zeta', '2026-11-20T10:00:00', 1),
      row('alpha', '2026-11-20T10:00:00', 1),
      row('zeta', '2026-11-20T11:00:00', 1),
      row('mid', '2026-11-20T11:00:00', 1),
    ];
    const colors = modelColors(rows);
    expect(colors.domain).toEqual(['alpha', 'mid', 'zeta']);
    expect(colors.range).toEqual(MODEL_PALETTE.slice(0, 3));
    expect(modelColors([...rows].reverse())).toEqual(colors);
  });
});
