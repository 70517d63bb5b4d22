// Personal settings calls: self, access token, referral, transfer, email code and binding, models.
import { apiDelete, apiGet, apiPost } from '@switchyard/console-kit';

export const generateAccessToken = (): Promise<string> => apiGet<string>('/api/user/token');
export const getAffCode = (): Promise<string> => apiGet<string>('/api/user/aff');
export const transferAffQuota = (quota: number): Promise<void> =>
  apiPost<void>('/api/user/aff_transfer', { body: { quota } });
export const sendEmailCode = (email: string, turnstile = ''): Promise<void> =>
  apiGet<void>('/api/verification', { params: { email, ...(turnstile ? { turnstile } : {}) } });
export const bindEmail = (email: string, code: string): Promise<void> =>
  apiGet<void>('/api/oauth/email/bind', { params: { email, code } });
export const listOwnModels = (): Promise<string[]> => apiGet<string[]>('/api/user/models');
export const deleteSelf = (): Promise<void> => apiDelete<void>('/api/user/self');
