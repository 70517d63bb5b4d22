// Personal settings calls: self, access token, referral, rebates, transfer, email code and binding, models.
import { createEndpointApi } from '@switchyard/console-kit';
import type { AffiliateRebateView, Page } from '@switchyard/contracts';
import {
  oauthEndpoints,
  topUpEndpoints,
  userEndpoints,
  verificationEndpoints,
} from '@switchyard/contracts/endpoints';

const verificationApi = createEndpointApi(verificationEndpoints);
const topUpApi = createEndpointApi(topUpEndpoints);
const oauthApi = createEndpointApi(oauthEndpoints);
const accountApi = createEndpointApi(userEndpoints);

export const generateAccessToken = (): Promise<string> => accountApi.accessToken();
export const getAffCode = (): Promise<string> => accountApi.affCode();
export const transferAffQuota = (quota: number): Promise<void> =>
  accountApi.affTransfer({ body: { quota } });
/** One page (from 0) of the referral rebates earned, newest first. */
export const listRebates = (p: number, size: number): Promise<Page<AffiliateRebateView>> =>
  topUpApi.rebates({ query: { p, size } });
export const sendEmailCode = (email: string, turnstile = ''): Promise<void> =>
  verificationApi.sendCode({ query: { email, ...(turnstile ? { turnstile } : {}) } });
export const bindEmail = (email: string, code: string): Promise<void> =>
  oauthApi.emailBind({ query: { email, code } });
export const listOwnModels = (): Promise<string[]> => accountApi.models();
export const deleteSelf = (): Promise<void> => accountApi.removeSelf();
