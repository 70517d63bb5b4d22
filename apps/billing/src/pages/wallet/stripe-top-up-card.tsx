// Top-up through Stripe Checkout, offered only when the server says Stripe is configured: the
// amount, then the browser goes to the Checkout Session's page; Stripe sends it back to /topup.
import { Alert, Button, Card, Form, InputNumber, Space } from '@arco-design/web-react';
import {
  type FieldErrorMap,
  fieldErrorProps,
  schemaFieldErrors,
  useSessionStore,
} from '@switchyard/console-kit';
import { stripePayRequestSchema } from '@switchyard/contracts/schemas';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { goToCheckout } from './submit-payment';
import { startStripePayment } from './wallet.api';

/** `orgId`: the payment tops up that org's wallet instead of the user's. */
export function StripeTopUpCard({ orgId }: { orgId?: number }) {
  const { t } = useTranslation('billing');
  const status = useSessionStore((state) => state.status);
  const minTopUp = status?.min_topup ?? 1;
  const [amount, setAmount] = useState(Math.max(1, minTopUp));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [params] = useSearchParams();
  const returned = params.get('stripe');
  const pay = useMutation({
    mutationFn: (value: number) => startStripePayment(value, orgId),
    onSuccess: ({ url }) => goToCheckout(url),
  });
  if (status?.enable_stripe_topup !== true) return null;

  const submit = () => {
    const found = schemaFieldErrors(stripePayRequestSchema, { amount }, t);
    if (!found.amount && amount < minTopUp) found.amount = t('wallet.belowMin', { min: minTopUp });
    setErrors(found);
    if (!found.amount) pay.mutate(amount);
  };

  return (
    <Card title={t('wallet.stripeTitle')} style={{ marginTop: 16 }} data-testid="stripe-topup">
      <Space direction="vertical" style={{ width: '100%' }}>
        {returned === 'success' || returned === 'cancel' ? (
          <Alert
            type={returned === 'success' ? 'success' : 'warning'}
            content={t(returned === 'success' ? 'wallet.stripeReturned' : 'wallet.stripeCancelled')}
            data-testid="stripe-return"
          />
        ) : null}
        <Form layout="vertical">
          <Form.Item
            label={t('wallet.amountLabel')}
            required
            {...fieldErrorProps(errors, 'amount')}
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
              data-testid="stripe-amount"
            />
          </Form.Item>
        </Form>
        <Button type="primary" loading={pay.isPending} onClick={submit} data-testid="stripe-pay">
          {t('wallet.payStripe')}
        </Button>
      </Space>
    </Card>
  );
}
