// After a run: did each request land where the bench says it did? The consume logs (type 2) of a
// user, grouped by their `funding` ('wallet', 'plan:<id>', 'org:<id>'), read once the server has
// stopped (settlements are written behind in batches; closing flushes them).

/** Consume logs of a token (or of a user) by funding: Map funding → { count, quota }. */
export function consumeLogsByFunding(db, { tokenId, userId }) {
  const [column, id] = tokenId ? ['token_id', tokenId] : ['user_id', userId];
  const rows = db
    .prepare(
      `SELECT funding, COUNT(*) AS count, COALESCE(SUM(quota), 0) AS quota
       FROM logs WHERE type = 2 AND ${column} = ? GROUP BY funding`,
    )
    .all(id);
  return new Map(rows.map((row) => [row.funding, { count: row.count, quota: row.quota }]));
}

/**
 * Throws unless every consume log of the token (or user) says `funding` and there is one per
 * request sent; answers the quota those logs charged.
 */
export function assertFunded(db, { tokenId, userId, funding, requests, what }) {
  const byFunding = consumeLogsByFunding(db, { tokenId, userId });
  const logs = byFunding.get(funding) ?? { count: 0, quota: 0 };
  const others = [...byFunding].filter(([name]) => name !== funding);
  if (logs.count !== requests || others.length > 0) {
    const seen = [...byFunding].map(([name, row]) => `${name}: ${row.count}`).join(', ') || 'none';
    throw new Error(
      `${what}: expected ${requests} consume logs funded by '${funding}', found ${seen}`,
    );
  }
  if (!(logs.quota > 0)) throw new Error(`${what}: the consume logs charged no quota`);
  return logs.quota;
}

/** Throws with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(`funding check failed: ${message}`);
}
