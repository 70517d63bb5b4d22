// The oauth table's client in a chunk of its own: the sign-in page imports oauth.api, and its
// first paint reaches no zod (e2e/tests/load.spec.ts), so the table loads when a provider is used.
import { createEndpointApi } from '@switchyard/console-kit';
import { oauthEndpoints, userEndpoints } from '@switchyard/contracts/endpoints';

export { oauthEndpoints };
export const oauthApi = createEndpointApi(oauthEndpoints);
export const accountApi = createEndpointApi(userEndpoints);
