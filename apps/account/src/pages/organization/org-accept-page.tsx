// /organization/accept?code=… (issue 32): the invitation link's page; accepting joins the org and
// makes it the console's scope.
import { Button, Card, Result } from '@arco-design/web-react';
import { useOrgScope } from '@switchyard/console-kit';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RemoteRoot } from '../../remote';
import { useAcceptInvitation } from './use-org';

export function OrgAcceptPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const accept = useAcceptInvitation();
  const setOrgId = useOrgScope((state) => state.setOrgId);
  const navigate = useNavigate();
  return (
    <RemoteRoot testId="org-accept-page">
      <Card>
        {accept.data ? (
          <Result
            status="success"
            title={t('org.joinedName', { name: accept.data.name })}
            extra={
              <Button type="primary" onClick={() => navigate('/organization')}>
                {t('org.open')}
              </Button>
            }
          />
        ) : (
          <Result
            status="info"
            title={code ? t('org.acceptTitle') : t('org.acceptNoCode')}
            extra={
              <Button
                type="primary"
                disabled={!code}
                loading={accept.isPending}
                data-testid="org-accept"
                onClick={() =>
                  accept.mutate(code, { onSuccess: (joined) => setOrgId(joined.org_id) })
                }
              >
                {t('org.accept')}
              </Button>
            }
          />
        )}
      </Card>
    </RemoteRoot>
  );
}
