// /user/reset?email=&token=: uses the mailed token and shows the new password.
import { Alert, Button, Input } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { TextLink } from '../../components/text-link';
import { RemoteRoot } from '../../remote';
import { copyText } from '../personal/access-token-section';
import { confirmReset } from './reset.api';

export function ResetConfirmPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: confirmReset });
  return (
    <RemoteRoot testId="reset-confirm-page">
      <AuthCard
        title={t('reset.confirmTitle')}
        subtitle={email}
        footer={<TextLink to="/login">{t('register.login')}</TextLink>}
      >
        {!email || !token ? (
          <Alert type="error" content={t('reset.linkBroken')} />
        ) : confirm.data ? (
          <>
            <Alert type="success" content={t('reset.newPassword')} style={{ marginBottom: 12 }} />
            <Input
              readOnly
              value={confirm.data}
              data-testid="reset-new-password"
              addAfter={
                <Button type="text" size="mini" onClick={() => copyText(confirm.data, t)}>
                  {t('personal.copy')}
                </Button>
              }
            />
          </>
        ) : (
          <Button
            type="primary"
            long
            loading={confirm.isPending}
            onClick={() => confirm.mutate({ email, token })}
            data-testid="reset-confirm"
          >
            {t('reset.confirm')}
          </Button>
        )}
      </AuthCard>
    </RemoteRoot>
  );
}
