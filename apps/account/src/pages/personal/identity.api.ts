// Personal settings calls of identity: the second factor and the signed-in sessions.
import { apiDelete, apiGet, apiPost, createEndpointApi } from '@switchyard/console-kit';
import type {
  SecondFactorRequest,
  SessionEntry,
  TwoFactorSetupReply,
  TwoFactorStatus,
} from '@switchyard/contracts';
import { oauthEndpoints } from '@switchyard/contracts/endpoints';

const oauthApi = createEndpointApi(oauthEndpoints);

export const getTwoFactor = (): Promise<TwoFactorStatus> =>
  apiGet<TwoFactorStatus>('/api/user/2fa');
export const setupTwoFactor = (): Promise<TwoFactorSetupReply> =>
  apiPost<TwoFactorSetupReply>('/api/user/2fa/setup', { body: {} });
export const enableTwoFactor = (code: string): Promise<{ recovery_codes: string[] }> =>
  apiPost<{ recovery_codes: string[] }>('/api/user/2fa/enable', { body: { code } });
export const disableTwoFactor = (body: SecondFactorRequest): Promise<void> =>
  apiPost<void>('/api/user/2fa/disable', { body });

export const unbindOidc = (): Promise<void> => oauthApi.oidcUnbind();

export const listSessions = (): Promise<SessionEntry[]> =>
  apiGet<SessionEntry[]>('/api/user/sessions');
export const revokeSession = (id: string): Promise<void> =>
  apiDelete<void>(`/api/user/sessions/${encodeURIComponent(id)}`);
export const revokeOtherSessions = (
  rotateAccessToken: boolean,
): Promise<{ access_token: string | null }> =>
  apiPost<{ access_token: string | null }>('/api/user/sessions/revoke_all', {
    body: { rotate_access_token: rotateAccessToken },
  });
