// Registers a user; on success says so and goes to the login page.
import { Message } from '@arco-design/web-react';
import type { RegisterRequest } from '@switchyard/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { register } from './register.api';

export function useRegister() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ turnstile, ...request }: RegisterRequest & { turnstile?: string }) =>
      register(request, turnstile),
    onSuccess: () => {
      Message.success(t('register.success'));
      navigate('/login');
    },
    // The form reports a failed registration itself (under the fields when the server names them).
    meta: { silent: true },
  });
}
