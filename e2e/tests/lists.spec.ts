// Every list page on a phone (390×844) renders cards with reachable actions, its toolbar's fields
// full width and no sideways page scroll, and an empty list says so; on a desktop (1440×900) no
// table cell breaks a word across lines.
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { apiSession, createApiToken, createChannel } from '../support/admin-api';
import { pickRowAction, registerUser, signIn, uniqueName } from '../support/console';
import { E2E_BASE_URL } from '../support/env';

const CHANNEL_NAME = 'A very long channel name for the list journeys';
const LIST_ROUTES = ['/token', '/redemption', '/channel', '/user', '/log', '/midjourney', '/task'];
/** Pages whose search form is closed on a phone until its "Filters" button opens it. */
const COLLAPSED_FILTERS = new Set(['/log', '/midjourney', '/task']);
/** Pages whose set-up below guarantees at least one row. */
const WITH_ROWS = new Set(['/token', '/redemption', '/channel', '/user', '/log']);

let root: APIRequestContext;
let removeChannel: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  root = await apiSession();
  await createApiToken(root, uniqueName('phone'));
  const channel = await createChannel(root, {
    name: CHANNEL_NAME,
    models: ['gpt-4o-mini'],
    groups: ['default'],
  });
  removeChannel = channel.remove;
  // A redeemed code gives the redemption list a row and the log a top-up entry.
  const created = await root.post('/api/redemption/', {
    data: { name: 'phone list code', quota: 1000, count: 1 },
  });
  const keys = ((await created.json()) as { data: string[] }).data;
  const username = uniqueName('lists');
  const anonymous = await request.newContext({ baseURL: E2E_BASE_URL });
  await registerUser(anonymous, username, 'password123');
  const user = await apiSession(username, 'password123');
  await user.post('/api/user/topup', { data: { key: keys[0] } });
});

test.afterAll(async () => {
  await removeChannel?.();
});

async function signInRoot(page: Page) {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of ['zh', 'en'] as const) {
    test(`every list page shows cards, fits the width and keeps its actions reachable (${language})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await signInRoot(page);
      for (const route of LIST_ROUTES) {
        await page.goto(route);
        const cards = page.locator('[data-layout="cards"]');
        await expect(cards, route).toBeVisible();
        await expect(page.locator('.arco-table')).toHaveCount(0);
        if (WITH_ROWS.has(route)) {
          const card = page.locator('[data-card="row"]').first();
          await expect(card, route).toBeVisible();
          for (const button of await card.locator('button').all()) {
            const box = await button.boundingBox();
            expect((box?.x ?? 0) + (box?.width ?? 0), route).toBeLessThanOrEqual(390);
          }
        }
        // The kit's toolbar above the list: every search field spans the toolbar's width. A long
        // search form (a time range among its fields) waits behind its "Filters" button.
        const toolbar = page.locator('.sy-list-toolbar').first();
        await expect(toolbar, route).toBeVisible();
        const toolbarWidth = (await toolbar.boundingBox())?.width ?? 0;
        const filters = toolbar.getByRole('button', {
          name: language === 'zh' ? '筛选' : 'Filters',
        });
        if (COLLAPSED_FILTERS.has(route)) {
          await expect(toolbar.locator('form'), route).toHaveCount(0);
          await expect(filters, route).toHaveAttribute('aria-expanded', 'false');
          expect((await filters.boundingBox())?.width ?? 0, route).toBeGreaterThanOrEqual(
            toolbarWidth - 1,
          );
          await filters.click();
          await expect(toolbar.locator('.arco-picker'), route).toBeVisible();
        } else {
          await expect(filters, route).toHaveCount(0);
        }
        for (const field of await toolbar
          .locator('.sy-list-toolbar-fields > :not(.arco-btn)')
          .all()) {
          const width = (await field.boundingBox())?.width ?? 0;
          expect(width, route).toBeGreaterThanOrEqual(toolbarWidth - 1);
        }
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, route).toBeLessThanOrEqual(0);
        // The card's header (title, totals, export link) wraps whole words onto lines it makes
        // room for: nothing in it is cut off, and no word is broken over lines.
        const header = await page.evaluate(() => {
          const head = document.querySelector('.arco-card-header');
          const found = { clipped: 0, broken: [] as string[] };
          if (!head) return found;
          const bottom = head.getBoundingClientRect().bottom;
          for (const node of head.querySelectorAll('*')) {
            const rect = node.getBoundingClientRect();
            if (rect.height === 0) continue;
            if (rect.bottom > bottom + 1) found.clipped += 1;
            const text = (node.textContent ?? '').trim();
            // More than one and a half of its own lines is a wrapped word (a tag's 22 px line
            // under a 12 px font is still one line).
            const style = getComputedStyle(node);
            const lineHeight = Number.parseFloat(style.lineHeight);
            const oneLine =
              (Number.isFinite(lineHeight) ? lineHeight : Number.parseFloat(style.fontSize) * 1.2) *
              1.5;
            if (node.children.length === 0 && text && !/\s/.test(text) && rect.height > oneLine)
              found.broken.push(text);
          }
          return found;
        });
        expect(header, route).toEqual({ clipped: 0, broken: [] });
        await page.screenshot({
          path: `.cache/e2e-output/phone${route.replace('/', '-')}-${language}.png`,
        });
      }
    });
  }

  test('the log’s filters open from their button, search, and close to show the cards', async ({
    page,
  }) => {
    await signInRoot(page);
    await page.goto('/log');
    await expect(page.locator('[data-card="row"]').first()).toBeVisible();
    const filters = page.getByRole('button', { name: '筛选' });
    await filters.click();
    await page.getByLabel('模型名称').fill('no-such-model');
    await page.getByTestId('log-search').click();
    await expect(page).toHaveURL(/model_name=no-such-model/);
    // Closed again, with the filter counted on its button; the list shows what matched.
    await expect(page.getByRole('button', { name: '筛选（1）' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByLabel('模型名称')).toHaveCount(0);
    await expect(page.locator('[data-layout="cards"]').getByText('暂无数据')).toBeVisible();
    // Opened again, the form holds the filter in force.
    await page.getByRole('button', { name: '筛选（1）' }).click();
    await expect(page.getByLabel('模型名称')).toHaveValue('no-such-model');
  });

  test('a card\'s "⋯" menu fits the screen and its actions work', async ({ page }) => {
    await signInRoot(page);
    await page.goto('/token');
    const card = page.locator('[data-card="row"]').first();
    const more = card.getByRole('button', { name: '更多操作' });
    await expect(more).toBeInViewport();
    await more.click();
    const menu = page.getByRole('menu', { name: '更多操作' });
    await expect(menu).toBeVisible();
    for (const item of await menu.getByRole('menuitem').all()) {
      const box = await item.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    await menu.getByRole('menuitem', { name: '编辑', exact: true }).click();
    await expect(page.getByTestId('token-submit')).toBeVisible();
    // The editor fits the phone without breaking a word (the quota's "500000 额度" suffix).
    await expect(page.locator('.arco-drawer .arco-input-group-suffix').first()).toBeVisible();
    expect(await brokenWords(page, '.arco-drawer')).toEqual([]);
  });
});

/** Words that wrap across two lines (a word broken inside itself), in the table cells or `within`. */
async function brokenWords(page: Page, within = '.arco-table tbody'): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(
      document.querySelector(selector) ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  }, within);
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('no table cell breaks a word across lines', async ({ page }) => {
    test.setTimeout(90_000);
    await signInRoot(page);
    for (const route of [...WITH_ROWS]) {
      await page.goto(route);
      await expect(page.locator('.arco-table tbody .arco-table-td').first(), route).toBeVisible();
      expect(await brokenWords(page), route).toEqual([]);
    }
  });

  test('a row\'s "⋯" menu holds the other actions, by mouse and by keyboard', async ({ page }) => {
    await signInRoot(page);
    await page.goto(`/channel?keyword=${encodeURIComponent(CHANNEL_NAME)}`);
    const row = page.locator('[data-testid^="channel-row-"]', { hasText: CHANNEL_NAME });
    await expect(row).toHaveAttribute('data-status', '1');
    // The main actions stay buttons; the rest are in the menu.
    await expect(row.getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(row.getByRole('button', { name: '禁用' })).toHaveCount(0);
    await pickRowAction(row, '禁用');
    await expect(row).toHaveAttribute('data-status', '2');
    // The filter survives a reload.
    await page.reload();
    await expect(row).toHaveAttribute('data-status', '2');

    // From the keyboard: ArrowDown opens and focuses the first item, arrows move, Enter acts.
    const more = row.getByRole('button', { name: '更多操作' });
    await more.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: '更多操作' });
    await expect(menu.getByRole('menuitem', { name: '启用', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: '启用', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toHaveAttribute('data-status', '1');

    // Delete is red and asks first; keeping the channel closes the dialog.
    await more.click();
    const remove = menu.getByRole('menuitem', { name: '删除', exact: true });
    // The console's AA danger red (--danger-6 in console.css), not Arco's lighter default.
    await expect(remove).toHaveCSS('color', 'rgb(203, 38, 52)');
    await remove.click();
    await expect(page.locator('.arco-modal')).toContainText(CHANNEL_NAME);
    await page.locator('.arco-modal').getByRole('button', { name: '取消' }).click();
    await expect(row).toBeVisible();
  });
});

test.describe('an empty list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const [language, empty, total] of [
    ['zh', '暂无数据', '共 0 条'],
    ['en', 'No data', '0 in total'],
  ] as const) {
    test(`says there is no data and shows no pages (${language})`, async ({ page, request }) => {
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      const username = uniqueName('empty');
      await registerUser(request, username, 'password123');
      await signIn(page, username, 'password123');
      await expect(page).toHaveURL(/\/token$/);
      const cards = page.locator('[data-layout="cards"]');
      await expect(cards).toBeVisible();
      await expect(cards.getByText(empty)).toBeVisible();
      await expect(cards.locator('[data-card="row"]')).toHaveCount(0);
      await expect(page.getByText(total)).toHaveCount(0);
      await expect(cards.locator('.arco-pagination')).toHaveCount(0);
    });
  }
});
