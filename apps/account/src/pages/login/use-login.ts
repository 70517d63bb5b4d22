// Logs in (or hands over to the second-factor step), stores the user and says so; tells the caller whether the default root password was used.
import { Message } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import {
  type LoginRequest,
  ROOT_DEFAULT_PASSWORD,
  ROOT_DEFAULT_USERNAME,
  type SecondFactorRequired,
  type SessionUser,
} from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { login } from './login.api';

/** `/login?second_factor=1`: a provider's sign-in waits for the account's second factor. */
export const SECOND_FACTOR_PARAM = 'second_factor';

/** The password step's reply when the account asks for its second factor. */
export const needsSecondFactor = (
  reply: SessionUser | SecondFactorRequired,
): reply is SecondFactorRequired =>
  typeof reply === 'object' && reply !== null && 'require_2fa' in reply;

export const usesDefaultRootPassword = (request: LoginRequest): boolean =>
  request.username === ROOT_DEFAULT_USERNAME && request.password === ROOT_DEFAULT_PASSWORD;

/** `onSecondFactor` runs instead of `onLoggedIn` when the account asks for its second factor. */
export function useLogin(
  onLoggedIn: (usedDefaultPassword: boolean) => void,
  onSecondFactor: () => void,
) {
  const { t } = useTranslation('account');
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: ({ turnstile, ...request }: LoginRequest & { turnstile?: string }) =>
      login(request, turnstile),
    onSuccess: (reply, { turnstile: _token, ...request }) => {
      if (needsSecondFactor(reply)) {
        onSecondFactor();
        return;
      }
      setUser(reply);
      Message.success(t('login.success'));
      onLoggedIn(usesDefaultRootPassword(request));
    },
    // The form reports a failed sign-in itself (under the fields when the server names them).
    meta: { silent: true },
  });
}
