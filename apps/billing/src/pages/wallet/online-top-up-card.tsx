// Online top-up: amount, price preview, pay with zfb or wx, confirm, then post to the gateway.
import {
  Button,
  Card,
  Form,
  InputNumber,
  Message,
  Modal,
  Space,
  Typography,
} from '@arco-design/web-react';
import {
  type FieldErrorMap,
  fieldErrorProps,
  isApiError,
  schemaFieldErrors,
  useSessionStore,
} from '@switchyard/console-kit';
import type { PaymentMethod } from '@switchyard/contracts';
import { topUpAmountRequestSchema } from '@switchyard/contracts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitPaymentForm } from './submit-payment';
import { quoteTopUp, startPayment } from './wallet.api';

/** `orgId`: the payment tops up that org's wallet instead of the user's. */
export function OnlineTopUpCard({ orgId }: { orgId?: number }) {
  const { t } = useTranslation('billing');
  const status = useSessionStore((state) => state.status);
  const minTopUp = status?.min_topup ?? 1;
  const enabled = status?.enable_online_topup === true;
  const [amount, setAmount] = useState(Math.max(1, minTopUp));
  const [paying, setPaying] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const quote = useQuery({
    queryKey: ['billing', 'top-up-quote', amount],
    queryFn: () => quoteTopUp(amount),
    enabled: enabled && amount >= minTopUp,
    meta: { silent: true },
    retry: false,
  });

  const quoteError = quote.error
    ? t('wallet.amountError', {
        data: isApiError(quote.error) ? quote.error.message : String(quote.error),
      })
    : '';

  const pay = async (method: PaymentMethod) => {
    if (!enabled) {
      Message.error(t('wallet.onlineDisabled'));
      return;
    }
    // The server's rules for the amount, and the configured minimum (spec §5), under the field.
    const found = schemaFieldErrors(topUpAmountRequestSchema, { amount }, t);
    if (!found.amount && amount < minTopUp) found.amount = t('wallet.belowMin', { min: minTopUp });
    setErrors(found);
    if (found.amount) return;
    const money = await quoteTopUp(amount);
    Modal.confirm({
      title: t('wallet.confirmTitle'),
      content: (
        <div data-testid="topup-confirm">
          <p>{t('wallet.confirmAmount', { amount })}</p>
          <p>{t('wallet.confirmMoney', { money: money.toFixed(2) })}</p>
        </div>
      ),
      okText: t('wallet.confirmPay'),
      onOk: async () => {
        setPaying(true);
        try {
          submitPaymentForm(await startPayment(amount, method, orgId));
        } finally {
          setPaying(false);
        }
      },
    });
  };

  return (
    <Card title={t('wallet.onlineTitle')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form layout="vertical">
          <Form.Item
            label={t('wallet.amountLabel')}
            required
            {...fieldErrorProps(quoteError ? { amount: quoteError, ...errors } : errors, 'amount')}
          >
            <InputNumber
              value={amount}
              min={1}
              precision={0}
              placeholder={t('wallet.amountPlaceholder', { min: minTopUp })}
              onChange={(value) => {
                setErrors({});
                setAmount(Math.max(1, Math.floor(value ?? 1)));
              }}
              data-testid="topup-amount"
            />
          </Form.Item>
        </Form>
        {quote.data !== undefined ? (
          <Typography.Text data-testid="topup-payable">
            {t('wallet.payable', { money: quote.data.toFixed(2) })}
          </Typography.Text>
        ) : null}
        <Space>
          {(['zfb', 'wx'] as const).map((method) => (
            <Button
              key={method}
              type="primary"
              loading={paying}
              onClick={() => void pay(method).catch(() => undefined)}
              data-testid={`topup-pay-${method}`}
            >
              {t(method === 'zfb' ? 'wallet.payZfb' : 'wallet.payWx')}
            </Button>
          ))}
        </Space>
      </Space>
    </Card>
  );
}
