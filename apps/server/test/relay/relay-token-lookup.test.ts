// The gate's token look-up (relay.repository.ts' findTokenWithOwner). On SQLite it reads the row
// as an array of values and builds the object itself (query-templates.ts' directFirstRow): the
// row it returns must be the one the Kysely query returns, column for column, and the Kysely runs
// of the same SQL must still get objects (the raw statement is not the statement cache's copy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTemplate } from '../../src/relay/query-templates';
import { tokenWithOwnerQuery } from '../../src/relay/relay.queries';
import { findTokenWithOwner } from '../../src/relay/relay.repository';
import { createUser } from '../helpers/factories';
import { createToken, type RelayHarness, startRelayHarness } from '../helpers/relay-fixtures';

let h: RelayHarness;

beforeAll(async () => {
  h = await startRelayHarness();
});
afterAll(() => h.close());

describe('the token look-up', () => {
  it('returns the row the Kysely query returns, every column with its value', async () => {
    const user = await createUser(h.db, { username: 'lookup', quota: 12_345 });
    const token = await createToken(h.db, user.id, {
      remainQuota: 678,
      unlimited: false,
      modelLimits: ['gpt-4o-mini', 'gpt-4o'],
      expiredTime: 4_102_444_800,
      name: 'lookup token',
    });

    const row = await findTokenWithOwner(h.db, token.key);
    const viaKysely = await runTemplate(h.db, 'findTokenWithOwner', tokenWithOwnerQuery, [
      token.key,
    ]);
    const expected = viaKysely.rows[0];
    expect(expected).toBeTypeOf('object');
    expect(Array.isArray(expected)).toBe(false);
    expect(row).toEqual(expected);
    expect(row).toMatchObject({
      token_id: token.id,
      token_name: 'lookup token',
      remain_quota: 678,
      unlimited_quota: 0,
      expired_time: 4_102_444_800,
      model_limits_enabled: 1,
      model_limits: 'gpt-4o-mini,gpt-4o',
      user_id: user.id,
      username: 'lookup',
      quota: 12_345,
      org_id: 0,
      org_quota: null,
      org_role: null,
    });
    expect(Number(row?.has_plan)).toBe(0);
  });

  it('finds nothing for an unknown or deleted key', async () => {
    const user = await createUser(h.db, { username: 'lookup-gone' });
    const token = await createToken(h.db, user.id);
    await h.db
      .updateTable('tokens')
      .set({ deleted_at: Math.floor(Date.now() / 1000) })
      .where('id', '=', token.id)
      .execute();
    expect(await findTokenWithOwner(h.db, token.key)).toBeUndefined();
    expect(await findTokenWithOwner(h.db, 'no-such-key')).toBeUndefined();
  });
});
