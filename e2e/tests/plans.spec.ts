// Issue 31 journeys: the super admin creates a plan in the catalogue; a user buys it from the
// wallet on the Plans page, calls the API with a key, sees the window fill on the Plans page and
// the plan named as the payer in the usage log; another buys one through Stripe Checkout (the
// loopback fake) for the sum its card shows, the signed webhook starts the subscription, and the
// payment is in their wallet history naming the plan (no serious axe finding, phone and desktop).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { apiSession, createApiToken, createChannel, editUser } from '../support/admin-api';
import { getOptions, setOption } from '../support/billing';
import { registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';
import { startFakeStripeCheckout } from '../support/stripe';

const PASSWORD = 'plans-pass1';

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}
let fake: FakeUpstream;

test.beforeAll(async () => {
  fake = await startFakeUpstream();
});
test.afterAll(async () => {
  await fake.close();
});

test('root creates a plan; a user buys it from the wallet, uses it and sees the window and the log', async ({
  page,
  request,
}) => {
  // A priced model; this channel answers it first (priority), through the fake upstream.
  const model = 'gpt-4o-mini';
  const key = `sk-${uniqueName('plk')}`;
  const planName = uniqueName('Plan');
  const root = await apiSession();
  const channel = await createChannel(root, {
    models: [model],
    groups: ['default'],
    key,
    baseUrl: fake.url,
    priority: 100,
  });
  // 1M prompt + 0.5M completion tokens of gpt-4o-mini: $0.45, paid by the plan's day window.
  fake.behave(key, { promptTokens: 1_000_000, completionTokens: 500_000 });

  // The super admin's catalogue: a plan of $2 for 30 days, $5 a day, for the test model only.
  await signIn(page, 'root', '123456');
  // Root still has the default password: the reminder is put off.
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/plan');
  await page.getByTestId('plan-add').click();
  await page.getByTestId('plan-name').fill(planName);
  await page.getByTestId('plan-price').fill('2');
  await page.getByTestId('plan-models').fill(model);
  // Only this user's group may buy it, so other journeys' users never see it.
  await page.getByTestId('plan-groups').fill('default');
  await page.getByTestId('plan-window-day').fill('5');
  await page.getByTestId('plan-submit').click();
  await expect(page.getByRole('cell', { name: planName })).toBeVisible();
  await page.context().clearCookies();

  // A user with $3 in the wallet buys it on the Plans page.
  const username = uniqueName('plu');
  await registerUser(request, username, PASSWORD);
  await editUser(root, username, { quota: 1_500_000 });
  await signIn(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/token$/);
  await page.goto('/plans');
  const card = page.locator('[data-testid^="plan-card-"]', { hasText: planName });
  await expect(card).toContainText(model);
  await card.locator('[data-testid^="plan-buy-"]').click();
  await page.getByRole('button', { name: /确/ }).click();
  const subscription = page
    .locator('[data-testid^="subscription-"]', { hasText: planName })
    .first();
  await expect(subscription).toContainText('生效中');
  await expect(subscription.locator('[data-testid$="-day"]')).toContainText('$0.00');

  // The user's key calls the API: the plan pays, the window fills.
  const owner = await apiSession(username, PASSWORD);
  const authorization = await createApiToken(owner, 'plan-key');
  const reply = await page.request.post('/v1/chat/completions', {
    headers: { authorization },
    data: { model, messages: [{ role: 'user', content: 'hello' }] },
  });
  expect(reply.status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(subscription.locator('[data-testid$="-day"]')).not.toContainText('$0.00 /', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });

  // The usage log names the subscription as the payer.
  await page.goto('/log');
  await expect(page.locator('[data-testid^="log-funding-"]').first()).toContainText('plan:');
  await owner.dispose();
  await channel.remove();
  await root.dispose();
});

test('a user buys a plan through Stripe Checkout; the webhook starts the subscription', async ({
  page,
  request,
}) => {
  const root = await apiSession();
  const saved = await getOptions(root);
  const stripe = await startFakeStripeCheckout({
    secretKey: 'sk_test_e2e_plans',
    webhookSecret: 'whsec_e2e_plans',
    webhookUrl: `${E2E_BASE_URL}/api/stripe/webhook`,
  });
  const settings = {
    ServerAddress: E2E_BASE_URL,
    StripeSecretKey: 'sk_test_e2e_plans',
    StripeWebhookSecret: 'whsec_e2e_plans',
    StripeCurrency: 'eur',
    StripeUnitPrice: '0.9',
    StripeApiBase: stripe.url,
  };
  const planName = uniqueName('Card');
  try {
    for (const [key, value] of Object.entries(settings)) await setOption(root, key, value);
    // $2 for 7 days, only for the default group (other journeys' users never see it).
    const created = await root.post('/api/plan/', {
      data: { name: planName, price: 1_000_000, duration_days: 7, groups: 'default' },
    });
    expect((await created.json()).success).toBe(true);

    const username = uniqueName('pls');
    await registerUser(request, username, PASSWORD);
    await signIn(page, username, PASSWORD);
    // Signed in once the console leaves the login page: going on sooner races the login request.
    await expect(page).toHaveURL(/\/token$/);
    await page.goto('/plans');
    const card = page.locator('[data-testid^="plan-card-"]', { hasText: planName });
    // An empty wallet: the card offers Stripe beside the wallet, for the sum the server quotes.
    const pay = card.locator('[data-testid^="plan-pay-stripe-"]');
    await expect(pay).toContainText('€1.80');
    expect(await seriousFindings(page), '/plans').toEqual([]);
    await pay.click();

    await expect(page).toHaveURL(/\/plans\?stripe=success$/);
    await expect(page.getByTestId('plans-stripe-return')).toContainText('已收到付款');
    const subscription = page
      .locator('[data-testid^="subscription-"]', { hasText: planName })
      .first();
    await expect(subscription).toContainText('生效中');
    expect(stripe.sessions).toEqual([
      expect.objectContaining({ currency: 'eur', amount_total: 180, webhook: 200 }),
    ]);
    // The payment is in the payer's history, naming the plan it bought.
    await page.goto('/topup');
    const history = page.getByTestId('wallet-history');
    await expect(history).toContainText(`套餐 ${planName}`);
    await expect(history).toContainText('1.80 EUR');
    await expect(history).toContainText('Stripe');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(history).toContainText(planName);
      expect(await seriousFindings(page), `/topup at ${width}px`).toEqual([]);
    }
  } finally {
    for (const key of Object.keys(settings)) await setOption(root, key, saved[key] ?? '');
    await stripe.close();
    await root.dispose();
  }
});
