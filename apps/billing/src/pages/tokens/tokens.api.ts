// Calls of the tokens page (spec §7 "Tokens") and the model list for the model-limits picker.
import { apiDelete, apiGet, apiPost, apiPut } from '@switchyard/console-kit';
import type {
  CreateTokenRequest,
  Page,
  TokenStatusRequest,
  TokenView,
  UpdateTokenRequest,
} from '@switchyard/contracts';

/** `page` counts from 1 as the list shows it; the server's `p` counts from 0. */
export const listTokens = (page: number, size: number): Promise<Page<TokenView>> =>
  apiGet('/api/token/', { params: { p: page - 1, size } });

export const searchTokens = (keyword: string, token: string): Promise<TokenView[]> =>
  apiGet('/api/token/search', { params: { keyword, token } });

/** Resolves to the new token, key included. */
export const createToken = (body: CreateTokenRequest): Promise<TokenView> =>
  apiPost('/api/token/', { body });

export const updateToken = (body: UpdateTokenRequest): Promise<TokenView> =>
  apiPut('/api/token/', { body });

export const setTokenStatus = (body: TokenStatusRequest): Promise<TokenView> =>
  apiPut('/api/token/', { body, params: { status_only: true } });

export const deleteToken = (id: number): Promise<void> => apiDelete(`/api/token/${id}`);

/** The models the user's group can use (built by the account team). */
export const listUserModels = (): Promise<string[]> => apiGet('/api/user/models');
