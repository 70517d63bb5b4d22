// Registers a user; on success says so and goes to the login page.
import { Message } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { register } from './register.api';

export function useRegister() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      Message.success(t('register.success'));
      navigate('/login');
    },
  });
}
