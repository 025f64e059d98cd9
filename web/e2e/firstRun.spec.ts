import type { Page, TestInfo } from '@playwright/test';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { graphql, registerUser } from './users.ts';

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
  async ({ page, request, feedSite }, testInfo) => {
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

    await main.getByRole('link', { name: 'Discover feeds' }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await page.goBack();

    // The first feed: its articles fill the open list at once, without a reload.
    await main.getByRole('button', { name: 'Add a feed' }).click();
    const form =
      testInfo.project.name === 'mobile'
        ? page.getByRole('dialog', { name: 'Menu' })
        : page.getByRole('complementary', { name: 'Sidebar' });
    await expect(form.getByLabel('Feed or website URL')).toBeFocused();
    if (testInfo.project.name === 'mobile') await saveScreenshot(page, testInfo, 'first-run-add-feed');
    await form.getByLabel('Feed or website URL').fill(feedSite.url('news.xml'));
    await form.getByRole('button', { name: 'Add Feed', exact: true }).click();
    await expect(form.getByRole('link', { name: FEED_TITLES.news })).toBeVisible();
    if (testInfo.project.name === 'mobile') {
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
    }
    const list = main.getByRole('list', { name: 'Articles' });
    await expect(list.getByRole('heading', { name: 'News 1', exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(main.getByRole('heading', { name: "You're not following any feeds yet" })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'first-run-first-feed');

    // Articles a refresh brings later wait in a pill, the rows where they were, until the reader asks for them.
    feedSite.publish(3);
    await graphql(request, 'mutation { refreshAllSubscriptions { __typename } }', {}, user.token);
    const pill = main.getByRole('button', { name: '2 new articles' });
    await expect(pill).toBeVisible({ timeout: 10_000 });
    await expect(list.getByRole('heading')).toHaveText(['News 1']);
    await saveScreenshot(page, testInfo, 'new-articles-pill');
    await pill.click();
    await expect(list.getByRole('heading')).toHaveText(['News 3', 'News 2', 'News 1']);
    await expect(pill).toHaveCount(0);
    expect(errors).toEqual([]);
  },
);
