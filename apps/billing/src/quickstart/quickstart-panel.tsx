// The quickstart's body: the key and base URL to copy, a warning at $0, and a snippet per client
// with both filled in. The create dialog, each token's row and Home show this same panel.
import { Alert, Button, Descriptions, Space, Typography } from '@arco-design/web-react';
import type { TokenView } from '@switchyard/contracts';
import { TOKEN_KEY_PREFIX } from '@switchyard/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCopy } from '../lib/use-copy';
import { SnippetTabs } from './snippet-tabs';
import { quickstartSnippets } from './snippets';
import { useQuickstart } from './use-quickstart';

export function ZeroBalanceAlert() {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="warning"
      data-testid="quickstart-zero-balance"
      content={t('quickstart.zeroBalance')}
      action={
        <Link to="/topup">
          <Button size="mini" type="primary">
            {t('quickstart.topUp')}
          </Button>
        </Link>
      }
    />
  );
}

function CopyValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation('billing');
  const copy = useCopy();
  return (
    <Space wrap size={8}>
      <Typography.Text code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Typography.Text>
      <Button size="mini" onClick={() => void copy(value)} data-testid={`${testId}-copy`}>
        {t('quickstart.copy')}
      </Button>
    </Space>
  );
}

export function QuickstartPanel({ token }: { token: TokenView }) {
  const { t } = useTranslation('billing');
  const { baseUrl, model, modelsLoaded, balance } = useQuickstart(token);
  const apiKey = `${TOKEN_KEY_PREFIX}${token.key}`;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="quickstart">
      {balance === 0 ? <ZeroBalanceAlert /> : null}
      <Descriptions
        column={1}
        layout="vertical"
        size="small"
        data={[
          {
            label: t('quickstart.key'),
            value: <CopyValue value={apiKey} testId="quickstart-key" />,
          },
          {
            label: t('quickstart.baseUrl'),
            value: <CopyValue value={baseUrl} testId="quickstart-base-url" />,
          },
          ...(model
            ? [
                {
                  label: t('quickstart.model'),
                  value: <Typography.Text code>{model}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      {model ? (
        <SnippetTabs snippets={quickstartSnippets({ apiKey, baseUrl, model })} />
      ) : modelsLoaded ? (
        <Alert type="info" content={t('quickstart.noModel')} data-testid="quickstart-no-model" />
      ) : null}
    </Space>
  );
}
