// /pricing on a phone (390 px): each card is titled with its model's name, and a customer reads
// dollars per 1M tokens, never the ratios behind them.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiSession, createChannel } from '../support/admin-api';
import { uniqueName } from '../support/console';

test.use({ viewport: { width: 390, height: 844 } });

let root: APIRequestContext;
let removeChannel: () => Promise<void>;

test.beforeAll(async () => {
  root = await apiSession();
  const channel = await createChannel(root, {
    name: uniqueName('price'),
    models: ['gpt-4o', 'gpt-4o-mini'],
    groups: ['default'],
  });
  removeChannel = channel.remove;
});

test.afterAll(async () => {
  await removeChannel();
  await root.dispose();
});

test('each pricing card on a phone shows its model name as its title', async ({ page }) => {
  await page.goto('/pricing');
  const cards = page.getByTestId('pricing-table').locator('[data-card="row"]');
  await expect(cards.first()).toBeVisible();
  const listed = (await (await page.request.get('/api/pricing')).json()).data as {
    model_name: string;
  }[];
  const titles = await cards.locator('.sy-list-card-title').allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  // The first page of cards, in the server's order, each titled by its model.
  expect(titles).toEqual(listed.slice(0, titles.length).map((item) => item.model_name));
  const gpt4o = cards.filter({ has: page.getByTestId('pricing-model-gpt-4o') });
  await expect(gpt4o.getByTestId('price-input-gpt-4o')).toHaveText(/^\$[\d.]+ \/ 1M tokens$/);
  await expect(gpt4o.getByTestId('price-output-gpt-4o')).toHaveText(/^\$[\d.]+ \/ 1M tokens$/);
  await expect(page.getByText(/模型倍率/)).toHaveCount(0);
});
