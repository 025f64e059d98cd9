import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { registerUser } from './users.ts';

async function lightAndDark(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, name);
  await saveScreenshot(page, testInfo, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${name} (dark)`);
  await saveScreenshot(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test(
  'a new reader is told they follow nothing yet and led to add a feed, Discover and the directory',
  { tag: '@layout' },
  async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'newcomer');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await signIn(page, user.username, user.password);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'No shared articles yet' })).toBeVisible();
    await lightAndDark(page, testInfo, 'first-run-shared');
    await main.getByRole('link', { name: 'Find people to follow' }).click();
    await expect(page).toHaveURL(/\/users$/);

    await page.goto('/articles');
    await expect(main.getByRole('heading', { name: "You're not following any feeds yet" })).toBeVisible();
    await expect(main.getByText('All articles have been read')).toHaveCount(0);
    await lightAndDark(page, testInfo, 'first-run-articles');

    await main.getByRole('button', { name: 'Add a feed' }).click();
    if (testInfo.project.name === 'mobile') {
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByLabel('Feed or website URL')).toBeFocused();
      await saveScreenshot(page, testInfo, 'first-run-add-feed');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    } else {
      await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByLabel('Feed or website URL')).toBeFocused();
    }

    await main.getByRole('link', { name: 'Discover feeds' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    expect(errors).toEqual([]);
  },
);
