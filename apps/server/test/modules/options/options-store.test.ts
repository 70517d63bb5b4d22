// The options store's re-read (the periodic sync, or a Redis invalidation) must not undo a write
// that lands while it is reading.
import { expect, it, vi } from 'vitest';
import type { Db } from '../../../src/db/database';
import { listOptionRows } from '../../../src/modules/options/options.repository';
import { OptionsStore } from '../../../src/modules/options/options.store';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();

it('a re-read that raced a write does not undo it', async () => {
  // Reads the rows, then, while `gate` is set, holds them until it opens: read but not applied.
  const hold = { gate: undefined as Promise<void> | undefined, readsDone: 0 };
  const gatedRead = async (db: Db) => {
    const rows = await listOptionRows(db);
    hold.readsDone += 1;
    if (hold.gate) await hold.gate;
    return rows;
  };
  const store = new OptionsStore(server.db, gatedRead);
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
