// One harness for a whole test file: started before its first test, closed after its last.
import { afterAll, beforeAll } from 'vitest';

/**
 * Registers the file's beforeAll/afterAll for a harness and returns it. The object is filled in
 * when beforeAll has run, so read its fields inside tests and hooks, not at the top level.
 */
export function useHarness<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const harness = {} as T;
  beforeAll(async () => {
    Object.assign(harness, await start());
  });
  afterAll(() => harness.close());
  return harness;
}
