import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { graphql, registerUser } from './users.ts';

test(
  'the drawer lists folders and feeds and adds a feed; the top bar refreshes all',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    const user = await registerUser(request, 'drawer');
    await graphql(request, 'mutation { createFolder(input: { name: "Morning" }) { __typename } }', {}, user.token);
    await signIn(page, user.username, user.password);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Morning' })).toBeVisible();
    await drawer.getByLabel('Feed or website URL').fill(feedSite.url('index.html'));
    await drawer.getByRole('button', { name: 'Detect' }).click();
    await expect(drawer.getByRole('radio')).toHaveCount(3);
    await saveScreenshot(page, testInfo, 'drawer-detected');
    await drawer.getByRole('radio', { name: new RegExp(FEED_TITLES.json) }).check();
    await drawer.getByRole('button', { name: 'Add Feed' }).click();
    await expect(toast(page, 'Feed subscribed!')).toBeVisible();
    await expect(drawer.getByRole('link', { name: FEED_TITLES.json })).toBeVisible();
    await drawer.getByLabel('New folder name').fill('Evening');
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Folder created!')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Evening' })).toBeVisible();

    await expectAccessible(page, 'drawer with feeds');
    await saveScreenshot(page, testInfo, 'drawer-feeds');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'drawer with feeds (dark)');
    await saveScreenshot(page, testInfo, 'drawer-feeds-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await drawer.getByRole('link', { name: FEED_TITLES.json }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/articles\?feed=[^&]+&filter=all$/);
    // Focus goes to the list, not back to the menu button, so its keys work there.
    await expect(page.getByRole('main')).toBeFocused();

    await page.getByRole('button', { name: 'Refresh all feeds' }).click();
    await expect(toast(page, 'All feeds are up to date')).toBeVisible();
    await saveScreenshot(page, testInfo, 'refreshed');
  },
);
