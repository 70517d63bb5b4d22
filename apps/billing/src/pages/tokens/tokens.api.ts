// Calls of the tokens page (spec §7 "Tokens"), from the tokens table, and the model list for the
// model-limits picker.
import { createEndpointApi } from '@switchyard/console-kit';
import { endpointPage } from '@switchyard/console-kit/list';
import type {
  CreateTokenRequest,
  Page,
  TokenStatusRequest,
  TokenView,
  UpdateTokenRequest,
} from '@switchyard/contracts';
import { tokenEndpoints, userEndpoints } from '@switchyard/contracts/endpoints';

const tokensApi = createEndpointApi(tokenEndpoints);
const accountApi = createEndpointApi(userEndpoints);

/** `page` counts from 1 as the list shows it. */
export const listTokens = (page: number, size: number): Promise<Page<TokenView>> =>
  tokensApi.list({ query: { p: endpointPage(tokenEndpoints.list, page), size } });

export const searchTokens = (keyword: string, token: string): Promise<TokenView[]> =>
  tokensApi.search({ query: { keyword, token } });

/** Resolves to the new token, key included. */
export const createToken = (body: CreateTokenRequest): Promise<TokenView> =>
  tokensApi.create({ body });

export const updateToken = (body: UpdateTokenRequest): Promise<TokenView> =>
  tokensApi.update({ body });

export const setTokenStatus = (body: TokenStatusRequest): Promise<TokenView> =>
  tokensApi.update({ body, query: { status_only: 'true' } });

export const deleteToken = (id: number): Promise<void> => tokensApi.remove({ params: { id } });

/** The models the user's group can use (built by the account team). */
export const listUserModels = (): Promise<string[]> => accountApi.models();
