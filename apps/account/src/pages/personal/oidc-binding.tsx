// Personal settings: bind the OpenID Connect account (a trip to the provider) or remove it.
import { Button, Message, Tag } from '@arco-design/web-react';
import type { SelfUser } from '@switchyard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { startOidc } from '../oauth/oauth.api';
import { unbindOidc } from './identity.api';
import { SELF_KEY } from './use-self';

export function OidcBinding({ self, label }: { self: SelfUser; label: string }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const unbind = useMutation({
    mutationFn: unbindOidc,
    onSuccess: () => {
      Message.success(t('personal.unbound'));
      void client.invalidateQueries({ queryKey: SELF_KEY });
    },
  });
  return (
    <div>
      {label}:{' '}
      <Tag data-testid="personal-oidc">
        {self.oidc_id ? t('personal.bound') : t('personal.notBound')}
      </Tag>{' '}
      {self.oidc_id ? (
        <Button
          size="small"
          loading={unbind.isPending}
          onClick={() => unbind.mutate()}
          data-testid="personal-unbind-oidc"
        >
          {t('personal.unbind')}
        </Button>
      ) : (
        <Button size="small" onClick={() => void startOidc(true)} data-testid="personal-bind-oidc">
          {t('personal.bindOidc')}
        </Button>
      )}
    </div>
  );
}
