// Password reset, from the reset_password table: ask for the mail, then trade the link's token
// for a new password.
import { createEndpointApi } from '@switchyard/console-kit';
import type { ResetPasswordRequest } from '@switchyard/contracts';
import { resetPasswordEndpoints } from '@switchyard/contracts/endpoints';

const resetApi = createEndpointApi(resetPasswordEndpoints);

export const requestReset = (email: string, turnstile = ''): Promise<void> =>
  resetApi.request({ query: { email, ...(turnstile ? { turnstile } : {}) } });

export const confirmReset = (body: ResetPasswordRequest): Promise<string> =>
  resetApi.confirm({ body });
