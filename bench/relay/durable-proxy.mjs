// The floor of a gateway with a durable reservation (issue 30's third option): the bare proxy
// (bare-proxy.mjs) plus the least a ledger that survives kill -9 must do on SQLite, the way
// Switchyard does it and nothing more: read the caller's token by its key, commit a guarded take
// with its journal row before the upstream call (the takes of one event-loop turn share a
// transaction), and after the reply delete the row, give back the difference and write a consume
// log (the settlements of one turn share a transaction). WAL, synchronous = NORMAL, as the server.
// No pricing, limits, Fastify, logging or metrics. The cost is the estimate (nothing is parsed).
// Usage: node durable-proxy.mjs <upstream url> <sqlite file> [port]; prints its port.
import { createRequire } from 'node:module';
import { fail, startProxy } from './proxy-core.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');

const upstream = new URL(process.argv[2] ?? 'http://127.0.0.1:8080');
const dbPath = process.argv[3];
const port = Number(process.argv[4] ?? 0);
if (!dbPath) throw new Error('usage: node durable-proxy.mjs <upstream url> <sqlite file> [port]');
/** The key every bench request sends (relay-bench.mjs sends "Bearer upstream-key"). */
const BENCH_KEY = 'upstream-key';
const ESTIMATE = 1000;

const db = new Database(dbPath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  create table if not exists users (id integer primary key, quota integer not null, used integer not null default 0);
  create table if not exists tokens (id integer primary key, key text not null unique, user_id integer not null,
    status integer not null default 1, remain integer not null, used integer not null default 0);
  create table if not exists journal (id text primary key, token_id integer not null, user_id integer not null,
    amount integer not null, node text not null, lease_until integer not null, created_at integer not null);
  create table if not exists logs (id integer primary key, user_id integer not null, token_id integer not null,
    model text not null, quota integer not null, created_at integer not null);
`);
if (!db.prepare('select 1 from tokens where key = ?').get(BENCH_KEY)) {
  db.prepare('insert into users (id, quota) values (1, ?)').run(1e15);
  db.prepare('insert into tokens (key, user_id, remain) values (?, 1, ?)').run(BENCH_KEY, 1e15);
}
const findToken = db.prepare(
  'select t.id, t.status, t.remain, u.id as user_id, u.quota from tokens t join users u on u.id = t.user_id where t.key = ?',
);
const takeToken = db.prepare(
  'update tokens set remain = remain - ? where id = ? and status = 1 and remain >= ?',
);
const takeUser = db.prepare('update users set quota = quota - ? where id = ? and quota >= ?');
const hold = db.prepare(
  'insert into journal (id, token_id, user_id, amount, node, lease_until, created_at) values (?, ?, ?, ?, ?, ?, ?)',
);
const release = db.prepare('delete from journal where id = ?');
const moveToken = db.prepare('update tokens set remain = remain + ?, used = used + ? where id = ?');
const moveUser = db.prepare('update users set quota = quota + ?, used = used + ? where id = ?');
const log = db.prepare(
  'insert into logs (user_id, token_id, model, quota, created_at) values (?, ?, ?, ?, ?)',
);

/** A take: the guarded balances and the journal row, or false (nothing written). */
function takeOne(take) {
  const { token, id } = take;
  if (takeToken.run(ESTIMATE, token.id, ESTIMATE).changes === 0) return false;
  if (takeUser.run(ESTIMATE, token.user_id, ESTIMATE).changes === 0) {
    throw new Error('the owner is short');
  }
  hold.run(id, token.id, token.user_id, ESTIMATE, 'bench', Date.now() + 30_000, Date.now());
  return true;
}
const takeInSavepoint = db.transaction(takeOne);
let takes = [];
const flushTakes = db.transaction((batch) => {
  for (const take of batch) {
    try {
      take.done = takeInSavepoint(take);
    } catch {
      take.done = false;
    }
  }
});
function runTakes() {
  const batch = takes;
  takes = [];
  flushTakes(batch);
  for (const take of batch) take.resolve(take.done);
}
const reserve = (token, id) =>
  new Promise((resolve) => {
    if (takes.length === 0) setImmediate(runTakes);
    takes.push({ token, id, resolve, done: false });
  });

let settlements = [];
const settleBatch = db.transaction((batch) => {
  for (const { token, id, cost, model } of batch) {
    if (release.run(id).changes === 0) continue;
    moveToken.run(ESTIMATE - cost, cost, token.id);
    moveUser.run(ESTIMATE - cost, cost, token.user_id);
    log.run(token.user_id, token.id, model, cost, Date.now());
  }
});
function runSettlements() {
  const batch = settlements;
  settlements = [];
  settleBatch(batch);
}
function settle(entry) {
  if (settlements.length === 0) setImmediate(runSettlements);
  settlements.push(entry);
}

let sequence = 0;
startProxy({
  upstream,
  port,
  ledger: {
    async admit(request, response, body) {
      const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const token = findToken.get(key);
      if (token?.status !== 1) return fail(response, 401, 'invalid token');
      sequence += 1;
      const id = `bench-${process.pid}-${sequence}`;
      if (!(await reserve(token, id))) return fail(response, 403, 'quota exhausted');
      return { token, id, model: body.model };
    },
    settle({ token, id, model }, delivered) {
      settle({ token, id, model, cost: delivered ? ESTIMATE : 0 });
    },
  },
});
