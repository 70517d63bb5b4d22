// Personal settings calls: self, access token, referral, rebates, transfer, email code and binding, models.
import { apiDelete, apiGet, apiPost, createEndpointApi } from '@switchyard/console-kit';
import type { AffiliateRebateView, Page } from '@switchyard/contracts';
import {
  oauthEndpoints,
  topUpEndpoints,
  verificationEndpoints,
} from '@switchyard/contracts/endpoints';

const verificationApi = createEndpointApi(verificationEndpoints);
const topUpApi = createEndpointApi(topUpEndpoints);
const oauthApi = createEndpointApi(oauthEndpoints);

export const generateAccessToken = (): Promise<string> => apiGet<string>('/api/user/token');
export const getAffCode = (): Promise<string> => apiGet<string>('/api/user/aff');
export const transferAffQuota = (quota: number): Promise<void> =>
  apiPost<void>('/api/user/aff_transfer', { body: { quota } });
/** One page (from 0) of the referral rebates earned, newest first. */
export const listRebates = (p: number, size: number): Promise<Page<AffiliateRebateView>> =>
  topUpApi.rebates({ query: { p, size } });
export const sendEmailCode = (email: string, turnstile = ''): Promise<void> =>
  verificationApi.sendCode({ query: { email, ...(turnstile ? { turnstile } : {}) } });
export const bindEmail = (email: string, code: string): Promise<void> =>
  oauthApi.emailBind({ query: { email, code } });
export const listOwnModels = (): Promise<string[]> => apiGet<string[]>('/api/user/models');
export const deleteSelf = (): Promise<void> => apiDelete<void>('/api/user/self');
