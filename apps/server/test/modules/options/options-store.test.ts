// The options store's re-read (the periodic sync, or a Redis invalidation) must not undo a write
// that lands while it is reading.
import { expect, it, vi } from 'vitest';
import { OptionsStore } from '../../../src/modules/options/options.store';
import { useTestServer } from '../../helpers/test-server';

/** While `gate` is set, listOptionRows returns its rows only once the gate opens. */
const hold = vi.hoisted(() => ({
  gate: undefined as Promise<void> | undefined,
  readsDone: 0,
}));

vi.mock('../../../src/modules/options/options.repository', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../src/modules/options/options.repository')>();
  return {
    ...actual,
    listOptionRows: async (...args: Parameters<typeof actual.listOptionRows>) => {
      const rows = await actual.listOptionRows(...args);
      hold.readsDone += 1;
      if (hold.gate) await hold.gate;
      return rows;
    },
  };
});

const server = useTestServer();

it('a re-read that raced a write does not undo it', async () => {
  const store = new OptionsStore(server.db);
  await store.set('SystemName', 'Before');

  let open: () => void = () => undefined;
  hold.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const readsBefore = hold.readsDone;
  const loading = store.load();
  await vi.waitFor(() => expect(hold.readsDone).toBe(readsBefore + 1));
  // The rows are read (SystemName = Before); now a write lands before load() applies them.
  await store.set('SystemName', 'After');
  hold.gate = undefined;
  open();
  await loading;

  expect(store.get('SystemName')).toBe('After');
  expect(hold.readsDone).toBe(readsBefore + 2);
});
