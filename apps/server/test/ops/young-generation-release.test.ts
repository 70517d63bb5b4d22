// Issue 16: the young generation's hold is released by the first request that is traffic, not by
// an orchestrator's probes or a Prometheus scrape, which arrive from the first second on while
// start-up's work still runs (under load that work grew the released young generation to 32 MB).
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isProbe } from '../../src/ops';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:v8')>()),
  setFlagsFromString: (flag: string) => flags.push(flag),
}));

const { releaseOnFirstTraffic } = await import('../../src/ops/young-generation');

const request = (server: EventEmitter, url: string) => server.emit('request', { url }, {});

describe('releasing the young generation', () => {
  beforeEach(() => {
    flags.length = 0;
  });

  it('keeps the hold through probes and scrapes, releases at the first other request, once', () => {
    const server = new EventEmitter();
    releaseOnFirstTraffic(server as unknown as Server, isProbe);
    for (const url of ['/readyz', '/healthz', '/metrics', '/readyz?verbose=1'])
      request(server, url);
    expect(flags).toEqual([]);
    request(server, '/v1/chat/completions');
    expect(flags).toEqual(['--semi-space-growth-factor=2']);
    expect(server.listenerCount('request')).toBe(0);
    request(server, '/api/status');
    expect(flags).toHaveLength(1);
  });

  it('counts a path that only starts like a probe as traffic', () => {
    const server = new EventEmitter();
    releaseOnFirstTraffic(server as unknown as Server, isProbe);
    request(server, '/readyz/extra');
    expect(flags).toEqual(['--semi-space-growth-factor=2']);
  });
});
