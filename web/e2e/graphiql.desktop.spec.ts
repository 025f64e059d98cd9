import { expect, test } from '@playwright/test';
import { saveScreenshot } from './page.ts';
import { ADMIN_STORAGE_STATE } from './users.ts';

test.use({ storageState: ADMIN_STORAGE_STATE });

test('GraphiQL runs from the instance alone, signed in as the web app is, under its security policy', async ({
  page,
  baseURL,
}, testInfo) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) {
      problems.push(`request to another origin: ${request.url()}`);
    }
  });

  await page.goto('/graphql');
  const editor = page.locator('.graphiql-query-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Headers' }).click();
  await expect(page.locator('.graphiql-editor-tool')).toContainText('Bearer');

  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{ viewer { username');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.locator('.graphiql-response')).toContainText('"username"', { timeout: 15_000 });
  await saveScreenshot(page, testInfo, 'graphiql');
  expect(problems).toEqual([]);
});
