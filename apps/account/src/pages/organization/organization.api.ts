// Organization calls (issue 32), typed by the contracts' org endpoint table; an org token is made
// through the tokens table's create with its org_id.
import { createEndpointApi } from '@switchyard/console-kit';
import type { TokenView } from '@switchyard/contracts';
import { orgEndpoints, tokenEndpoints } from '@switchyard/contracts/endpoints';

export const orgsApi = createEndpointApi(orgEndpoints);
const tokensApi = createEndpointApi(tokenEndpoints);

/** A key paid from the org's wallet: unlimited on its own, bounded by the member's cap. */
export const createOrgToken = (orgId: number, name: string): Promise<TokenView> =>
  tokensApi.create({
    body: {
      name,
      remain_quota: 0,
      expired_time: -1,
      unlimited_quota: true,
      model_limits_enabled: false,
      model_limits: '',
      org_id: orgId,
    },
  });
