// Org tokens through the relay (issue 32): paid from the org's wallet within each member's cap,
// exact under concurrency (200 requests by 5 members against a wallet for 50 and caps for
// 5–30); refusals say which (429 cap, 403 org balance) in the caller's dialect; a removed
// member's token stops at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrgMember, orgToken, orgWithMembers, signedIn } from '../../helpers/orgs';
import {
  type RelayHarness,
  seedChannel,
  startRelayHarness,
  userBalance,
} from '../../helpers/relay-fixtures';

let h: RelayHarness;
/** 0.002 dollars a call = 1000 quota, reserved and charged exactly. */
const PER_CALL = 1000;

beforeAll(async () => {
  h = await startRelayHarness();
  await seedChannel(h.db, { key: 'org-key', baseUrl: h.fake.url, models: ['per-call'] });
  await h.server.runtime.options.set('ModelPrice', JSON.stringify({ 'per-call': 0.002 }));
});
afterAll(() => h.close());

function chat(authorization: string) {
  return fetch(`${h.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ model: 'per-call', messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));
}

const orgRow = (id: number) =>
  h.db
    .selectFrom('orgs')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const memberRows = (orgId: number) =>
  h.db
    .selectFrom('org_members')
    .select(['user_id', 'quota_limit', 'window_used', 'window_reserved', 'used_quota'])
    .where('org_id', '=', orgId)
    .execute();

async function orgLogs(orgId: number) {
  return h.db
    .selectFrom('logs')
    .select(['user_id', 'type', 'quota'])
    .where('funding', '=', `org:${orgId}`)
    .execute();
}

async function settled(orgId: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const held = await h.db
      .selectFrom('relay_reservations')
      .select('id')
      .where('funding', '=', `org:${orgId}`)
      .execute();
    if (held.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('reservations still held');
}

describe('org tokens: the org wallet and member caps', () => {
  it('200 concurrent requests by 5 members: no overdraw, no member over cap, logs = the wallet', async () => {
    const owner = await signedIn(h.server, 1_000_000);
    const others: OrgMember[] = [];
    for (let i = 0; i < 4; i += 1) others.push(await signedIn(h.server, 7_000));
    const orgId = await orgWithMembers(owner, others);
    const funded = await owner.client.post(`/api/org/${orgId}/fund`, { quota: 50 * PER_CALL });
    expect(funded.json.success, funded.json.message).toBe(true);
    const members = [owner, ...others];
    const caps = [5, 8, 10, 12, 30];
    for (const [index, member] of members.entries()) {
      const set = await owner.client.put(`/api/org/${orgId}/member/${member.user.id}`, {
        quota_limit: (caps[index] ?? 0) * PER_CALL,
        window_period: 'day',
      });
      expect(set.json.success, set.json.message).toBe(true);
    }
    const tokens = await Promise.all(members.map((member) => orgToken(member, orgId)));
    const before = await Promise.all(members.map((m) => userBalance(h.db, m.user.id)));

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => chat(tokens[i % 5] as string)),
    );
    await settled(orgId);

    const ok = results.filter((r) => r.status === 200);
    expect(results.filter((r) => ![200, 403, 429].includes(r.status))).toEqual([]);
    // The caps add up to 65 calls, the wallet to 50: the wallet is spent exactly.
    expect(ok.length).toBe(50);
    const org = await orgRow(orgId);
    expect(Number(org.quota)).toBe(0);
    expect(Number(org.used_quota)).toBe(50 * PER_CALL);
    const rows = await memberRows(orgId);
    for (const [index, member] of members.entries()) {
      const row = rows.find((r) => Number(r.user_id) === member.user.id);
      expect(Number(row?.window_used)).toBeLessThanOrEqual((caps[index] ?? 0) * PER_CALL);
      expect(Number(row?.window_reserved)).toBe(0);
    }
    const spent = rows.reduce((sum, r) => sum + Number(r.used_quota), 0);
    expect(spent).toBe(50 * PER_CALL);
    // Σ org consume logs = what left the org's wallet; the members' own wallets are untouched.
    const consumed = (await orgLogs(orgId)).filter((log) => log.type === 2);
    expect(consumed.reduce((sum, log) => sum + Number(log.quota), 0)).toBe(50 * PER_CALL);
    const after = await Promise.all(members.map((m) => userBalance(h.db, m.user.id)));
    for (const [index, balance] of after.entries()) {
      expect(Number(balance.quota)).toBe(Number(before[index]?.quota));
    }
    // Each refusal names its reason.
    const capped = results.filter((r) => r.status === 429);
    const short = results.filter((r) => r.status === 403);
    expect(capped.length + short.length).toBe(150);
    for (const r of capped) expect(r.body).toContain('org_member_cap_exceeded');
    for (const r of short) expect(r.body).toContain('insufficient_org_quota');
    // The member with cap 5 reached it (there was wallet enough for it) and was told so.
    const smallest = rows.find((r) => Number(r.user_id) === owner.user.id);
    expect(Number(smallest?.window_used)).toBe(5 * PER_CALL);
  });

  it('answers 429 for the cap in the Anthropic dialect too', async () => {
    const owner = await signedIn(h.server, 100_000);
    const orgId = await orgWithMembers(owner, []);
    await owner.client.post(`/api/org/${orgId}/fund`, { quota: 10 * PER_CALL });
    await owner.client.put(`/api/org/${orgId}/member/${owner.user.id}`, {
      quota_limit: PER_CALL,
      window_period: '',
    });
    const token = await orgToken(owner, orgId);
    expect((await chat(token)).status).toBe(200);
    await settled(orgId);
    const reply = await fetch(`${h.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': token.slice(7) },
      body: JSON.stringify({
        model: 'per-call',
        max_tokens: 5,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(reply.status).toBe(429);
    const body = (await reply.json()) as { type: string; error: { type: string } };
    expect(body.type).toBe('error');
    expect(JSON.stringify(body)).toContain('cap');
  });

  it("stops a removed member's org token at once, and refuses org tokens to non-members", async () => {
    const owner = await signedIn(h.server, 100_000);
    const member = await signedIn(h.server);
    const orgId = await orgWithMembers(owner, [member]);
    await owner.client.post(`/api/org/${orgId}/fund`, { quota: 10 * PER_CALL });
    const token = await orgToken(member, orgId);
    expect((await chat(token)).status).toBe(200);
    const removed = await owner.client.delete(`/api/org/${orgId}/member/${member.user.id}`);
    expect(removed.json.success, removed.json.message).toBe(true);
    const after = await chat(token);
    expect(after.status).toBeGreaterThanOrEqual(401);
    expect(after.status).toBeLessThanOrEqual(403);
    const outsider = await signedIn(h.server);
    await expect(orgToken(outsider, orgId)).rejects.toThrow();
  });
});
