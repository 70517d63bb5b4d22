// The org scope's cache-hit chart (issue 32, over issue 28's query): GET /api/org/:id/data/
// token_cache as each role sees it, by session cookie and by access token. Owners, admins and
// site admins see every org token's line, a member their own, an outsider a 404; only calls the
// org wallet paid for count.
import { LogType, orgFunding, type TokenCacheBucket } from '@switchyard/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumeLog, seedLogs } from '../../helpers/logs';
import {
  type OrgCast,
  type OrgMember,
  orgCast,
  signedIn,
  signedInSiteAdmin,
} from '../../helpers/orgs';
import { useTestServer } from '../../helpers/test-server';

const server = useTestServer();
const HOUR = 3600;
/** Three hours ago, on the hour: the first hour of the seeded calls. */
const hour0 = (Math.floor(Date.now() / 1000 / HOUR) - 3) * HOUR;
const end = hour0 + 4 * HOUR;
const range = `start_timestamp=${hour0 - HOUR}&end_timestamp=${end}`;
let cast: OrgCast;
let outsider: OrgMember;
let siteAdmin: OrgMember;

const cached = (tokens: number) => JSON.stringify({ model_ratio: 1, cached_tokens: tokens });

beforeAll(async () => {
  cast = await orgCast(server, { name: 'cache' });
  outsider = await signedIn(server);
  siteAdmin = await signedInSiteAdmin(server);
  const { owner, member, orgId } = cast;
  const org = orgFunding(orgId);
  const call = (who: OrgMember, token: [number, string], at: number, prompt: number) =>
    consumeLog(who.user, {
      token_id: token[0],
      token_name: token[1],
      created_at: at,
      prompt_tokens: prompt,
      other: cached(prompt / 2),
      funding: org,
    });
  await seedLogs(server.db, [
    call(member, [31, 'member-bot'], hour0 + 10, 1000),
    call(member, [31, 'member-bot'], hour0 + HOUR + 10, 400),
    call(owner, [32, 'owner-bot'], hour0 + 20, 3000),
    // The member's personal token and another org's: not this org's calls.
    { ...call(member, [33, 'personal'], hour0 + 30, 9000), funding: 'wallet' },
    { ...call(member, [31, 'member-bot'], hour0 + 40, 7000), funding: orgFunding(999_999) },
    // A top-up line in the org's log, and a call before the range: neither counts.
    { ...call(owner, [32, 'owner-bot'], hour0 + 50, 5000), type: LogType.topup },
    call(member, [31, 'member-bot'], hour0 - 3 * HOUR, 8000),
  ]);
});

const path = (query = range) => `/api/org/${cast.orgId}/data/token_cache?${query}`;

/** The caller's access token (GET /api/user/token), for calls without the cookie. */
async function accessToken(who: OrgMember): Promise<Record<string, string>> {
  const token = (await who.client.get<string>('/api/user/token')).json.data ?? '';
  return { authorization: `Bearer ${token}` };
}

async function linesOf(who: OrgMember, by: 'cookie' | 'token'): Promise<TokenCacheBucket[]> {
  const reply =
    by === 'cookie'
      ? await who.client.get<TokenCacheBucket[]>(path())
      : await server.client().get<TokenCacheBucket[]>(path(), await accessToken(who));
  expect(reply.status, `${who.user.username} by ${by}: ${reply.json.message}`).toBe(200);
  expect(reply.json.success, reply.json.message).toBe(true);
  return reply.json.data ?? [];
}

const summary = (rows: TokenCacheBucket[]) =>
  rows.map((row) => [row.token_id, row.created_at, row.prompt_tokens, row.cached_tokens]);

describe('GET /api/org/:id/data/token_cache', () => {
  it("gives owners, admins and site admins every org token's org-funded line", async () => {
    const { owner, admin } = cast;
    for (const who of [owner, admin, siteAdmin]) {
      for (const by of ['cookie', 'token'] as const) {
        const rows = await linesOf(who, by);
        // Oldest hour first, then by token id; only this org's calls counted.
        expect(summary(rows)).toEqual([
          [31, hour0, 1000, 500],
          [32, hour0, 3000, 1500],
          [31, hour0 + HOUR, 400, 200],
        ]);
        expect(rows.find((row) => row.token_id === 32)).toMatchObject({
          token_name: 'owner-bot',
          username: owner.user.username,
        });
      }
    }
  });

  it('gives a plain member only their own tokens', async () => {
    const { member } = cast;
    for (const by of ['cookie', 'token'] as const) {
      const rows = await linesOf(member, by);
      expect(summary(rows)).toEqual([
        [31, hour0, 1000, 500],
        [31, hour0 + HOUR, 400, 200],
      ]);
      expect(rows.every((row) => row.username === member.user.username)).toBe(true);
    }
  });

  it('answers a non-member 404, by cookie and by access token', async () => {
    expect((await outsider.client.get(path())).status).toBe(404);
    expect((await server.client().get(path(), await accessToken(outsider))).status).toBe(404);
    expect((await cast.owner.client.get(`/api/org/999999/data/token_cache?${range}`)).status).toBe(
      404,
    );
  });

  it('keeps the personal chart personal, and takes the personal query rules', async () => {
    const { owner, member } = cast;
    const own = (await member.client.get<TokenCacheBucket[]>(`/api/data/token_cache/self?${range}`))
      .json.data;
    // The personal chart is every call of the member's tokens, whoever paid.
    expect(own?.some((row) => row.token_id === 33)).toBe(true);
    const top = await owner.client.get<TokenCacheBucket[]>(path(`${range}&top=1`));
    expect(new Set(top.json.data?.map((row) => row.token_id))).toEqual(new Set([32]));
    const reversed = await owner.client.get(path(`start_timestamp=${end}&end_timestamp=${hour0}`));
    expect(reversed.json.success).toBe(false);
  });
});
