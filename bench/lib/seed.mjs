// Seeding the server's SQLite database for a bench, through better-sqlite3 (the server's own
// driver) while the server runs: users, tokens, channels with their abilities, orgs and members.
// Rows carry the columns the server's own code writes (users.service, tokens.service,
// orgs.service); the server reads tokens, channels and members per request, so rows written here
// are live at once (options take SYNC_FREQUENCY seconds).
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../../scripts/lib/setup.mjs';

const now = () => Math.floor(Date.now() / 1000);

/** A 48-character token key from an 8-character word (`sk-` is the client's prefix). */
export const benchKey = (word) => {
  if (word.length !== 8) throw new Error(`a bench key word has 8 characters: ${word}`);
  return word.repeat(6);
};

/** Opens the database (the server keeps it in WAL mode, so both can write, one at a time). */
export function openDb(dbPath) {
  const require = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const Database = require('better-sqlite3');
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  return db;
}

/** INSERT of one row from its columns; answers the new row's id. */
export function insertRow(db, table, row) {
  const columns = Object.keys(row);
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(', ')})
     VALUES (${columns.map(() => '?').join(', ')})`,
  );
  return Number(statement.run(...Object.values(row)).lastInsertRowid);
}

/** An enabled common user (role 1) with `quota` in the wallet. */
export function seedUser(db, { username, quota = 1e12 }) {
  return insertRow(db, 'users', {
    username,
    password: 'x',
    display_name: username,
    role: 1,
    status: 1,
    quota,
    created_at: now(),
  });
}

/**
 * An enabled token without its own quota limit or expiry; `orgId` makes it an org token (issue
 * 32), `columns` adds others (rpm_limit, window_period, …).
 */
export function seedToken(db, { userId, key, name = 'bench', orgId = 0, columns = {} }) {
  const at = now();
  return insertRow(db, 'tokens', {
    user_id: userId,
    key,
    name,
    status: 1,
    created_time: at,
    accessed_time: at,
    expired_time: -1,
    remain_quota: 0,
    unlimited_quota: 1,
    org_id: orgId,
    ...columns,
  });
}

/**
 * An enabled channel in the default group to `baseUrl` (type 1: OpenAI) and an ability for each
 * of its comma-separated models.
 */
export function seedChannel(
  db,
  { baseUrl, models, name = 'bench', type = 1, otherInfo = null, weight = 0 },
) {
  const id = insertRow(db, 'channels', {
    type,
    key: 'upstream-key',
    name,
    status: 1,
    base_url: baseUrl,
    models,
    group: 'default',
    other_info: otherInfo,
    created_time: now(),
  });
  for (const model of models.split(',')) {
    insertRow(db, 'abilities', {
      group: 'default',
      model,
      channel_id: id,
      enabled: 1,
      priority: 0,
      weight,
    });
  }
  return id;
}

/**
 * An org as OrgsService.create makes it (the org, its creator as owner) with `quota` in its
 * wallet (what POST /api/org/{id}/fund would have moved in).
 */
export function seedOrg(db, { name, ownerId, quota }) {
  const at = now();
  const orgId = insertRow(db, 'orgs', { name, quota, created_by: ownerId, created_at: at });
  insertRow(db, 'org_members', { org_id: orgId, user_id: ownerId, role: 'owner', joined_at: at });
  return orgId;
}

/**
 * A member as an accepted invitation adds one (org-invitations.service) with the cap the member
 * update sets (`quotaLimit` per `windowPeriod`: '' | 'day' | 'week' | 'month'; 0 = no cap).
 */
export function seedOrgMember(
  db,
  { orgId, userId, role = 'member', quotaLimit = 0, windowPeriod = '' },
) {
  insertRow(db, 'org_members', {
    org_id: orgId,
    user_id: userId,
    role,
    quota_limit: quotaLimit,
    window_period: windowPeriod,
    joined_at: now(),
  });
}
