// Log content in the reader's language (issue 34, point 10): the server stores a log as a template
// key with its values and renders it in the caller's language, so the same row reads in Chinese or
// in English as the console's language is (the console sends it with every request).
import { expect, test } from '@playwright/test';
import { registerUser, signIn, uniqueName } from '../support/console';

test('the same log row reads in zh and in en', async ({ page }) => {
  await signIn(page, 'root', '123456');
  await page.getByTestId('default-password-later').click();
  await expect(page).toHaveURL(/\/token$/);
  const username = uniqueName('tpl');
  await registerUser(page.request, username, 'password-123');
  const promoted = await page.request.post('/api/user/manage', {
    data: { username, action: 'promote' },
    headers: { 'New-Api-User': '1' },
  });
  expect((await promoted.json()).success).toBe(true);

  const contentIn = async (language: string) => {
    const reply = await page.request.get(`/api/log/?username=${username}&p=1&page_size=10`, {
      headers: { 'Accept-Language': language, 'New-Api-User': '1' },
    });
    const body = (await reply.json()) as { data: { items: { content: string }[] } };
    return body.data.items.map((item) => item.content);
  };
  expect(await contentIn('zh-CN')).toEqual([`管理员 root 将用户 ${username} 提升为管理员`]);
  expect(await contentIn('en')).toEqual([
    `Administrator root promoted user ${username} to administrator`,
  ]);
});
