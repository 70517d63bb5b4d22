// Keyboard focus can be seen (WCAG 2.4.7, 1.4.11): tabbing through the sign-in page and a list page
// in both themes, every control that takes focus shows a ring, an outline or a shadow on itself or
// on the arco box drawn around it, with at least 3:1 contrast against the surface behind it.
import { expect, type Page, test } from '@playwright/test';
import { registerUser, signIn, uniqueName } from '../support/console';

interface FocusStop {
  control: string;
  ring: string;
  contrast: number;
}

/**
 * Presses Tab until a control whose test id starts with `last` takes focus (at most `limit` times) and
 * describes each control that took focus on the way and the ring it shows.
 */
async function tabThrough(page: Page, last: string, limit = 60): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (let index = 0; index < limit; index += 1) {
    await page.keyboard.press('Tab');
    // Let transitions on the newly focused control end before its style is read.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    await page.waitForTimeout(200);
    const stop = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const parse = (color: string): [number, number, number, number] | null => {
        const found = /rgba?\(([^)]+)\)/.exec(color);
        if (!found) return null;
        const parts = (found[1] ?? '')
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number);
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const luminance = ([r, g, b]: number[]) => {
        const [lr, lg, lb] = [r, g, b].map((channel) => {
          const value = (channel ?? 0) / 255;
          return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
      };
      const surface = (element: Element): number[] => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const color = parse(getComputedStyle(node).backgroundColor);
          if (color && color[3] === 1) return color;
        }
        return [255, 255, 255];
      };
      /** The ring a node draws: its outline, else a box-shadow of 2 px or more. */
      const ringOf = (node: Element): { color: number[]; text: string } | null => {
        const style = getComputedStyle(node);
        if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) {
          const color = parse(style.outlineColor);
          if (color && color[3] > 0) return { color, text: `outline ${style.outlineColor}` };
        }
        if (style.boxShadow && style.boxShadow !== 'none') {
          const color = parse(style.boxShadow);
          const sizes = style.boxShadow
            .replace(/rgba?\([^)]+\)/, '')
            .trim()
            .split(/\s+/)
            .map(Number.parseFloat);
          if (color && color[3] > 0.5 && Math.max(...sizes) >= 2) {
            return { color, text: `shadow ${style.boxShadow}` };
          }
        }
        return null;
      };
      const name = (node: Element) =>
        `${node.tagName.toLowerCase()}${node.getAttribute('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}.${[...node.classList].slice(0, 2).join('.')} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 24)}"`;
      // The ring may sit on the control or on the arco box around it (input wrapper, select view).
      let node: Element | null = focused;
      for (let depth = 0; node && depth < 4; depth += 1, node = node.parentElement) {
        const ring = ringOf(node);
        if (!ring) continue;
        const [a, b] = [luminance(ring.color), luminance(surface(node.parentElement ?? node))];
        const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        return {
          control: name(focused),
          ring: ring.text,
          contrast: Math.round(contrast * 10) / 10,
        };
      }
      return { control: name(focused), ring: 'none', contrast: 0 };
    });
    if (stop) stops.push(stop);
    if (stop?.control.includes(`[${last}`)) return stops;
  }
  throw new Error(`${last} never took focus:\n${stops.map((stop) => stop.control).join('\n')}`);
}

const unseen = (stops: FocusStop[]) =>
  stops.filter((stop) => stop.ring === 'none' || stop.contrast < 3);

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme);
    });

    test('every control on the sign-in page shows where the focus is', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByTestId('login-username')).toBeVisible();
      const stops = await tabThrough(page, 'login-submit');
      expect(stops.map((stop) => stop.control).join('\n')).toContain('login-username');
      expect(unseen(stops)).toEqual([]);
    });

    test('every control on a list page shows where the focus is', async ({ page, request }) => {
      test.setTimeout(60_000);
      const username = uniqueName('focus');
      await registerUser(request, username, 'password-123');
      await signIn(page, username, 'password-123');
      await expect(page).toHaveURL(/\/token$/);
      await page.getByTestId('token-add').click();
      await page.getByTestId('token-name').fill('focus');
      await page.getByTestId('token-submit').click();
      // A new key opens its quickstart; the list's controls are the ones walked here.
      await page.getByTestId('quickstart-done').click();
      await expect(page.getByTestId('token-row-focus')).toBeVisible();
      await expect(page.getByTestId('token-add')).toBeVisible();
      const stops = await tabThrough(page, 'token-more-', 80);
      expect(stops.map((stop) => stop.control).join('\n')).toContain('token-search-keyword');
      expect(unseen(stops)).toEqual([]);
    });
  });
}
