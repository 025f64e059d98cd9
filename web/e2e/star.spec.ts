import type { APIRequestContext, Page } from '@playwright/test';
import { articleRow, articleRows, countLine, newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, untilLive } from './page.ts';

/** The titles of the user's starred articles, newest first, as REST lists them. */
async function starredTitles(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await request.get('/api/articles?starred=true', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { articles: { title: string }[] }).articles.map((article) => article.title);
}

/** Errors the page logs, so a journey can end by proving there were none. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test(
  'stars from the row, the reader and s; the Starred filter gathers exactly them',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    test.setTimeout(150_000); // three screens, five screenshots and three axe checks: slow on a busy 2-core machine
    const user = await newsReader(request, feedSite, 4, 'starrer');
    const errors = consoleErrors(page);
    await signIn(page, user.username, user.password, '/articles');
    await expect(countLine(page)).toHaveText('4 unread articles');

    // From the row: pressed once starred, and the server's (it survives a reload).
    const row = articleRow(page, 'News 2');
    await row.getByRole('button', { name: 'Star' }).click();
    await expect(row.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => starredTitles(request, user.token)).toEqual(['News 2']);
    await page.reload();
    await expect(articleRow(page, 'News 2').getByRole('button', { name: 'Unstar' })).toBeVisible();
    await untilLive(page);

    // From the keyboard: s stars the selected row, and again takes the star off.
    if (!testInfo.project.use.isMobile) {
      await page.keyboard.press('j');
      await expect(page.locator('article[aria-current="true"]')).toHaveAccessibleName('News 4');
      await page.keyboard.press('s');
      await expect(articleRow(page, 'News 4').getByRole('button', { name: 'Unstar' })).toBeVisible();
      await page.keyboard.press('j');
      await page.keyboard.press('s');
      await page.keyboard.press('s');
      await expect(articleRow(page, 'News 3').getByRole('button', { name: 'Star' })).toBeVisible();
      await expect.poll(() => starredTitles(request, user.token)).toEqual(['News 4', 'News 2']);
    } else {
      await articleRow(page, 'News 4').getByRole('button', { name: 'Star' }).click();
    }
    await saveScreenshot(page, testInfo, 'star-list');

    // From the reader: the toolbar's star, and s.
    await articleRow(page, 'News 1').getByRole('link', { name: 'News 1' }).click();
    await expect(page).toHaveURL(/\/article\/[^/]+$/);
    const actions = page.getByRole('group', { name: 'Article actions' });
    await actions.getByRole('button', { name: 'Star' }).click();
    await expect(actions.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => starredTitles(request, user.token)).toEqual(['News 4', 'News 2', 'News 1']);
    await expectAccessible(page, 'reader with a star');
    await saveScreenshot(page, testInfo, 'star-reader');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, testInfo, 'star-reader-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    if (!testInfo.project.use.isMobile) {
      await page.keyboard.press('s');
      await expect(actions.getByRole('button', { name: 'Star' })).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => starredTitles(request, user.token)).toEqual(['News 4', 'News 2']);
      await page.keyboard.press('s');
      await expect(actions.getByRole('button', { name: 'Unstar' })).toBeVisible();
      await expect.poll(() => starredTitles(request, user.token)).toEqual(['News 4', 'News 2', 'News 1']);
    }

    // The Starred filter, beside Unread and All, in the URL like them.
    await page.goto('/articles?filter=all');
    const filters = page.getByRole('group', { name: 'Show articles' });
    await filters.getByRole('button', { name: 'Starred' }).click();
    await expect(page).toHaveURL(/filter=starred/);
    await expect(filters.getByRole('button', { name: 'Starred' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1, name: 'Starred' })).toBeVisible();
    await expect(countLine(page)).toHaveText('3 starred articles');
    await expect(articleRows(page)).toHaveText([/News 4/, /News 2/, /News 1/]);
    await page.reload();
    await expect(articleRows(page)).toHaveCount(3);
    await expectAccessible(page, 'starred list');
    await saveScreenshot(page, testInfo, 'star-filter');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'starred list (dark)');
    await saveScreenshot(page, testInfo, 'star-filter-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Unstarred in the list, the row stays (the user sees what they did) but no longer counts.
    await articleRow(page, 'News 2').getByRole('button', { name: 'Unstar' }).click();
    await expect(countLine(page)).toHaveText('2 starred articles');
    await page.reload();
    await expect(articleRows(page)).toHaveText([/News 4/, /News 1/]);
    expect(errors).toEqual([]);
  },
);
