// Logs in, stores the user and says so; tells the caller whether the default root password was used.
import { Message } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import {
  type LoginRequest,
  ROOT_DEFAULT_PASSWORD,
  ROOT_DEFAULT_USERNAME,
} from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { login } from './login.api';

export const usesDefaultRootPassword = (request: LoginRequest): boolean =>
  request.username === ROOT_DEFAULT_USERNAME && request.password === ROOT_DEFAULT_PASSWORD;

export function useLogin(onLoggedIn: (usedDefaultPassword: boolean) => void) {
  const { t } = useTranslation('account');
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: ({ turnstile, ...request }: LoginRequest & { turnstile?: string }) =>
      login(request, turnstile),
    onSuccess: (user, { turnstile: _token, ...request }) => {
      setUser(user);
      Message.success(t('login.success'));
      onLoggedIn(usesDefaultRootPassword(request));
    },
    // The form reports a failed sign-in itself (under the fields when the server names them).
    meta: { silent: true },
  });
}
