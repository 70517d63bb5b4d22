// Personal settings calls of identity: the second factor and the signed-in sessions.
import { createEndpointApi } from '@switchyard/console-kit';
import type {
  SecondFactorRequest,
  SessionEntry,
  TwoFactorSetupReply,
  TwoFactorStatus,
} from '@switchyard/contracts';
import {
  oauthEndpoints,
  sessionEndpoints,
  twoFactorEndpoints,
} from '@switchyard/contracts/endpoints';

const oauthApi = createEndpointApi(oauthEndpoints);
const twoFactorApi = createEndpointApi(twoFactorEndpoints);
const sessionsApi = createEndpointApi(sessionEndpoints);

export const getTwoFactor = (): Promise<TwoFactorStatus> => twoFactorApi.status();
export const setupTwoFactor = (): Promise<TwoFactorSetupReply> => twoFactorApi.setup();
export const enableTwoFactor = (code: string): Promise<{ recovery_codes: string[] }> =>
  twoFactorApi.enable({ body: { code } });
export const disableTwoFactor = (body: SecondFactorRequest): Promise<void> =>
  twoFactorApi.disable({ body });

export const unbindOidc = (): Promise<void> => oauthApi.oidcUnbind();

export const listSessions = (): Promise<SessionEntry[]> => sessionsApi.list();
export const revokeSession = (id: string): Promise<void> => sessionsApi.revoke({ params: { id } });
export const revokeOtherSessions = (
  rotateAccessToken: boolean,
): Promise<{ access_token: string | null }> =>
  sessionsApi.revokeAll({ body: { rotate_access_token: rotateAccessToken } });
