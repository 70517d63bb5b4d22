// Wallet top-up through Stripe Checkout: the wallet offers Stripe once root configures it, the
// browser goes to the (fake) Checkout page, the signed webhook raises the balance once, and
// Stripe's return lands back on the wallet with the success notice.
import { expect, test } from '@playwright/test';
import { getOptions, rootApi, setOption } from '../support/billing';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';
import { startFakeStripeCheckout } from '../support/stripe';

test('a user tops up through Stripe Checkout and sees the balance rise once', async ({
  page,
  request,
}) => {
  const root = await rootApi();
  const saved = await getOptions(root);
  const stripe = await startFakeStripeCheckout({
    secretKey: 'sk_test_e2e',
    webhookSecret: 'whsec_e2e',
    webhookUrl: `${E2E_BASE_URL}/api/stripe/webhook`,
  });
  const settings = {
    ServerAddress: E2E_BASE_URL,
    StripeSecretKey: 'sk_test_e2e',
    StripeWebhookSecret: 'whsec_e2e',
    StripeCurrency: 'eur',
    StripeUnitPrice: '0.9',
    StripeApiBase: stripe.url,
  };
  try {
    const username = uniqueName('s');
    await registerUser(request, username, 'password-123');
    await signIn(page, username, 'password-123');
    // Signed in once the console leaves the login page: going on sooner races the login request.
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/topup');
    await expect(page.getByTestId('wallet-balance')).toContainText('$0.00');
    await expect(page.getByTestId('stripe-topup')).toHaveCount(0);

    for (const [key, value] of Object.entries(settings)) await setOption(root, key, value);
    await page.reload();
    await page.getByTestId('stripe-amount').fill('3');
    await page.getByTestId('stripe-pay').click();

    await expect(page).toHaveURL(/\/topup\?stripe=success$/);
    await expect(page.getByTestId('stripe-return')).toContainText('已收到付款');
    await expect(page.getByTestId('wallet-balance')).toContainText('$3.00');
    expect(stripe.sessions).toEqual([
      expect.objectContaining({ currency: 'eur', amount_total: 270, webhook: 200 }),
    ]);
  } finally {
    for (const key of Object.keys(settings)) await setOption(root, key, saved[key] ?? '');
    await stripe.close();
    await root.dispose();
  }
});
