// Home's quickstart card for a signed-in user: the balance (with a way to top up at $0) and the
// quickstart of their first enabled key, or a button that creates one.
import { Button, Card, Space, Statistic } from '@arco-design/web-react';
import { useQuotaDisplay } from '@switchyard/console-kit';
import {
  NEVER_EXPIRES,
  TOKEN_DEFAULT_QUOTA,
  TokenStatus,
  type TokenView,
} from '@switchyard/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QuickstartPanel } from '../../quickstart';
import { useSelf } from '../../quickstart/use-quickstart';
import { createToken, listTokens } from './getting-started.api';

const FIRST_TOKENS_KEY = ['billing', 'tokens', 'home'] as const;

export function HomeQuickstart() {
  const { t } = useTranslation('billing');
  const { renderQuota } = useQuotaDisplay();
  const client = useQueryClient();
  const self = useSelf();
  const tokens = useQuery({ queryKey: FIRST_TOKENS_KEY, queryFn: () => listTokens(1, 10) });
  const token: TokenView | undefined = tokens.data?.items.find(
    (item) => item.status === TokenStatus.enabled,
  );
  const create = useMutation({
    mutationFn: () =>
      createToken({
        name: t('quickstart.defaultTokenName'),
        remain_quota: TOKEN_DEFAULT_QUOTA,
        expired_time: NEVER_EXPIRES,
        unlimited_quota: false,
        model_limits_enabled: false,
        model_limits: '',
        rpm_limit: 0,
        tpm_limit: 0,
        concurrency_limit: 0,
        plan_only: false,
        window_period: '',
        window_quota: 0,
      }),
    // Every token list and the checklist's count see the new key.
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'tokens'] }),
  });
  const balance = self.data?.quota;

  return (
    <Card
      title={t('quickstart.cardTitle')}
      data-testid="home-quickstart"
      style={{ marginBottom: 16 }}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space size={16} align="end" wrap data-testid="home-balance">
          <Statistic
            title={t('quickstart.balance')}
            value={balance === undefined ? '-' : renderQuota(balance)}
          />
          {balance === 0 ? (
            <Link to="/topup">
              <Button type="primary" size="small" data-testid="home-top-up">
                {t('quickstart.topUp')}
              </Button>
            </Link>
          ) : null}
        </Space>
        {token ? (
          <QuickstartPanel token={token} />
        ) : tokens.isSuccess ? (
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="home-create-key"
          >
            {create.isPending ? t('quickstart.creating') : t('quickstart.createKey')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
