// Registers a user. The server signs the new account in when nothing is pending, and the user
// lands on Home's first-run checklist; a server that does not goes on to the login page.
import { Message } from '@arco-design/web-react';
import { useSessionStore } from '@switchyard/console-kit';
import type { RegisterRequest } from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { register } from './register.api';

export function useRegister() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const setUser = useSessionStore((state) => state.setUser);
  return useMutation({
    mutationFn: ({ turnstile, ...request }: RegisterRequest & { turnstile?: string }) =>
      register(request, turnstile),
    onSuccess: (user) => {
      Message.success(t('register.success'));
      if (user) {
        setUser(user);
        navigate('/');
      } else {
        navigate('/login');
      }
    },
    // The form reports a failed registration itself (under the fields when the server names them).
    meta: { silent: true },
  });
}
