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
    await drawer.getByRole('button', { name: 'Add feed', exact: true }).click();
    const addForm = drawer.getByRole('form', { name: 'Add feed' });
    await expect(addForm.getByLabel('Feed or website URL')).toBeFocused();
    await addForm.getByLabel('Feed or website URL').fill(feedSite.url('index.html'));
    await addForm.getByRole('button', { name: 'Detect' }).click();
    await expect(addForm.getByRole('radio')).toHaveCount(3);
    await saveScreenshot(page, testInfo, 'drawer-detected');
    await addForm.getByRole('radio', { name: new RegExp(FEED_TITLES.json) }).check();
    await addForm.getByRole('button', { name: 'Add Feed' }).click();
    await expect(toast(page, 'Feed subscribed!')).toBeVisible();
    await expect(drawer.getByRole('link', { name: FEED_TITLES.json })).toBeVisible();

    // Escape in an opened form closes the form, not the drawer.
    const newFolder = drawer.getByRole('button', { name: 'New folder' });
    await newFolder.click();
    await page.keyboard.press('Escape');
    await expect(drawer.getByRole('form')).toHaveCount(0);
    await expect(drawer).toBeVisible();
    await expect(newFolder).toBeFocused();
    await newFolder.click();
    await drawer.getByLabel('New folder name').fill('Evening');
    await saveScreenshot(page, testInfo, 'drawer-new-folder');
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
