// Org test helpers (issue 32): signed-in members of one org made through the API, with org tokens.
import type { TestClient } from './client';
import { type CreatedUser, createUser } from './factories';
import type { TestServer } from './server';

export interface OrgMember {
  user: CreatedUser;
  client: TestClient;
}

export async function signedIn(server: TestServer, quota = 0): Promise<OrgMember> {
  const user = await createUser(server.db, { quota });
  const client = server.client();
  const login = await client.post('/api/user/login', {
    username: user.username,
    password: user.password,
  });
  if (!login.json.success) throw new Error(`login failed: ${login.json.message}`);
  return { user, client };
}

/** An org made by `owner` through the API, joined by each of `members` through an invitation. */
export async function orgWithMembers(
  owner: OrgMember,
  members: readonly OrgMember[],
  name = 'team',
): Promise<number> {
  const created = await owner.client.post<{ id: number }>('/api/org/', { name });
  const id = created.json.data?.id;
  if (!id) throw new Error(`org not created: ${created.json.message}`);
  for (const member of members) {
    const invited = await owner.client.post<{ code: string }>(`/api/org/${id}/invitation`, {
      username: member.user.username,
      role: 'member',
    });
    const code = invited.json.data?.code;
    if (!code) throw new Error(`invitation failed: ${invited.json.message}`);
    const joined = await member.client.post('/api/org/invitation/accept', { code });
    if (!joined.json.success) throw new Error(`accept failed: ${joined.json.message}`);
  }
  return id;
}

/** An org token of the member (POST /api/token/ with org_id); its Authorization header. */
export async function orgToken(member: OrgMember, orgId: number): Promise<string> {
  const created = await member.client.post<{ key: string }>('/api/token/', {
    name: `org ${orgId}`,
    remain_quota: 0,
    expired_time: -1,
    unlimited_quota: true,
    model_limits_enabled: false,
    model_limits: '',
    org_id: orgId,
  });
  const key = created.json.data?.key;
  if (!key) throw new Error(`token not created: ${created.json.message}`);
  return `Bearer sk-${key}`;
}
