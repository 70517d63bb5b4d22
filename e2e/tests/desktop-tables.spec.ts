// The admin tables fit a laptop: at 1280 and 1440 px a channel row's Edit and a log row's cost are
// on screen without scrolling sideways and answer a click; the log's details open under the row.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type FakeUpstream, startFakeUpstream } from '../../apps/server/test/fakes/fake-upstream';
import { apiSession, createApiToken, createChannel } from '../support/admin-api';
import { signIn, uniqueName } from '../support/console';

let fake: FakeUpstream;
let root: APIRequestContext;
let channelId: number;
let removeChannel: () => Promise<void>;
const CHANNEL = uniqueName('fit');

test.beforeAll(async () => {
  fake = await startFakeUpstream();
  root = await apiSession();
  const channel = await createChannel(root, {
    name: CHANNEL,
    models: ['gpt-4o-mini'],
    groups: ['default'],
    baseUrl: fake.url,
  });
  channelId = channel.id;
  removeChannel = channel.remove;
  // One relayed call pinned to this channel gives root's log a consume row with a cost.
  const authorization = await createApiToken(root, uniqueName('fit'));
  const reply = await root.post('/v1/chat/completions', {
    headers: { authorization: `${authorization}-${channelId}` },
    data: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
  });
  expect(reply.status(), await reply.text()).toBe(200);
});

test.afterAll(async () => {
  await removeChannel();
  await root.dispose();
  await fake.close();
});

async function signInRoot(page: Page) {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

for (const width of [1280, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a channel row's Edit is on screen and opens the editor", async ({ page }) => {
      await signInRoot(page);
      await page.goto(`/channel?keyword=${CHANNEL}`);
      const edit = page.getByTestId(`channel-edit-${channelId}`);
      await expect(edit).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId(`channel-more-${channelId}`)).toBeInViewport({ ratio: 1 });
      await edit.click();
      await expect(page).toHaveURL(new RegExp(`/channel/edit/${channelId}$`));
    });

    test("a log row's cost sits by its model, on screen, with the details under the row", async ({
      page,
    }) => {
      await signInRoot(page);
      await page.goto('/log');
      const row = page.locator('.arco-table-tr', { hasText: 'gpt-4o-mini' }).first();
      const cost = row.locator('[data-testid^="log-quota-"]');
      await expect(cost).toBeInViewport({ ratio: 1 });
      // Clicking the cost shows its exact amount.
      await cost.hover();
      await cost.click();
      await expect(page.locator('.arco-tooltip-content').first()).toBeVisible();
      // The table needs no sideways scroll.
      const scroll = page.locator('.arco-table-body, .arco-table-content-inner').first();
      expect(
        await scroll.evaluate((node) => node.scrollWidth - node.clientWidth),
      ).toBeLessThanOrEqual(1);
      const open = row.getByRole('button', { name: '展开详情' });
      await open.click();
      await expect(row.getByRole('button', { name: '收起详情' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.locator('.sy-list-detail').first()).toBeVisible();
    });
  });
}
