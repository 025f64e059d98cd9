import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe, expect, test } from './feedSite.ts';
import { expectAccessible, otherBrowser, saveScreenshot, signIn, toast } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE, apiLogin, graphql, registerUser, registerWithInvite } from './users.ts';

/** The admin panel's Users and Feeds tabs, on desktop (a table) and phone (cards). */

/** A user's or feed's row (desktop) or card (phone): whichever is shown. */
const entry = (page: Page, text: string) => page.locator('tr:visible, li:visible').filter({ hasText: text });

async function adminInvites(request: APIRequestContext, count: number): Promise<string[]> {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const query = 'mutation { createInviteCode { ... on CreateInviteCodePayload { inviteCode { code } } } }';
  const codes = [];
  for (let i = 0; i < count; i++) {
    codes.push(
      (await graphql<{ createInviteCode: { inviteCode: { code: string } } }>(request, query, {}, token)).createInviteCode.inviteCode.code,
    );
  }
  return codes;
}

test.describe('as the administrator', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });

  test('Users: search, promote and demote, delete with the confirmation; never on one’s own row', async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'managed');
    await page.goto('/admin?tab=users');
    await expect(page).toHaveTitle('Admin Panel · Users · Tidings');
    const search = page.getByRole('searchbox', { name: 'Search users' });

    await search.fill(ADMIN.username);
    await expect(entry(page, ADMIN.email)).toBeVisible();
    await expect(entry(page, ADMIN.email).getByText('You')).toBeVisible();
    await expect(entry(page, ADMIN.email).getByRole('button')).toHaveCount(0);

    await search.fill(user.username.toUpperCase());
    const row = entry(page, user.email);
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expectAccessible(page, 'admin users');
    await saveScreenshot(page, testInfo, 'admin-users');

    // A role change asks first; Cancel changes nothing.
    await row.getByRole('button', { name: 'Promote' }).click();
    const promote = page.getByRole('alertdialog', { name: 'Promote user' });
    await expect(promote).toContainText(`Make ${user.username} an administrator?`);
    await promote.getByRole('button', { name: 'Cancel' }).click();
    await expect(promote).toHaveCount(0);
    await expect(row.getByText('User', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Promote' }).click();
    await promote.getByRole('button', { name: 'Promote' }).click();
    await expect(toast(page, 'User role updated to admin')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Demote' }).click();
    const demote = page.getByRole('alertdialog', { name: 'Demote user' });
    await expect(demote).toContainText(`Remove ${user.username}’s administrator role?`);
    await demote.getByRole('button', { name: 'Demote' }).click();
    await expect(toast(page, 'User role updated to user')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Promote' })).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
    await expect(dialog).toContainText(`Are you sure you want to delete user "${user.displayName}"? This cannot be undone.`);
    await saveScreenshot(page, testInfo, 'admin-users-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `User "${user.displayName}" deleted`)).toBeVisible();
    await expect(page.getByText('No users match your search')).toBeVisible();
  });

  test('Users: a password reset link, shown once, resets the password when opened signed out', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'resetlink');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin?tab=users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.username);
    const row = entry(page, user.email);
    await row.getByRole('button', { name: 'Reset password link' }).click();

    const dialog = page.getByRole('dialog', { name: 'Password reset link' });
    await expect(dialog).toContainText(`Give this link to ${user.username}. It works once, for one hour.`);
    const field = dialog.getByRole('textbox', { name: 'Reset link' });
    await expect(field).not.toBeEditable();
    const link = await field.inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/reset-password#token=[\w-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectAccessible(page, 'admin reset link');
    await saveScreenshot(page, testInfo, 'admin-reset-link', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    // A browser of its own, without the administrator's session (a new context would otherwise start with it).
    const signedOut = await otherBrowser(browser, testInfo, { storageState: { cookies: [], origins: [] } });
    await signedOut.goto(link);
    await expect(signedOut.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const newPassword = `${user.password}-from-admin`;
    await signedOut.getByLabel('New password', { exact: true }).fill(newPassword);
    await signedOut.getByLabel('Confirm new password').fill(newPassword);
    await signedOut.getByRole('button', { name: 'Reset password' }).click();
    await expect(signedOut.getByRole('status')).toContainText('Your password has been reset');
    await expect(signedOut).toHaveURL(/\/login$/, { timeout: 5_000 });
    await signIn(signedOut, user.username, newPassword);
  });

  test('Users: the pagination appears above 20 and a new search starts again at page 1', async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one run is enough: the rule is the same on a phone');
    test.slow(); // 21 registrations, each hashing a password
    const prefix = `pg${Date.now().toString(36).slice(-4)}`;
    for (const code of await adminInvites(request, 21)) await registerWithInvite(request, prefix, code);
    await page.goto('/admin?tab=users');
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.fill(prefix);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(20);
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText('Page 2 of 2')).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await search.fill(`${prefix}_`);
    // The old page stays until the new one is drawn, which took over 7 s on a machine this loaded.
    await expect(pagination.getByText('Page 1 of 2')).toBeVisible({ timeout: 20_000 });
  });

  test('Feeds: filter by health, queue a refresh, delete with the confirmation', async ({ page, request, feedSite }, testInfo) => {
    const reader = await registerUser(request, 'feedadmin');
    await apiSubscribe(request, reader.token, feedSite.url('rss.xml'));
    const brokenSubscription = await apiSubscribe(request, reader.token, feedSite.url('atom.xml'));
    feedSite.break('atom.xml');
    await graphql(request, 'mutation ($id: ID!) { refreshSubscription(id: $id) { __typename } }', { id: brokenSubscription }, reader.token);

    await page.goto('/admin?tab=feeds');
    await expect(page).toHaveTitle('Admin Panel · Feeds · Tidings');
    const healthy = entry(page, feedSite.url('rss.xml'));
    const broken = entry(page, feedSite.url('atom.xml'));
    await expect(healthy.getByText('Healthy', { exact: true })).toBeVisible();
    await expect(broken.getByText('Error', { exact: true })).toBeVisible();
    await expectAccessible(page, 'admin feeds');
    await saveScreenshot(page, testInfo, 'admin-feeds');

    const filter = page.getByRole('group', { name: 'Show feeds' });
    await filter.getByRole('button', { name: 'Broken' }).click();
    await expect(broken).toBeVisible();
    await expect(healthy).toHaveCount(0);
    await filter.getByRole('button', { name: 'Healthy' }).click();
    await expect(healthy).toBeVisible();
    await expect(broken).toHaveCount(0);

    const title = (await healthy.locator('p').first().textContent())!;
    await healthy.getByRole('button', { name: 'Refresh' }).click();
    await expect(toast(page, `Feed "${title}" refresh queued`)).toBeVisible();

    await healthy.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete feed' });
    await expect(dialog).toContainText(
      `Are you sure you want to delete feed "${title}"? This will delete all articles and subscriptions. This cannot be undone.`,
    );
    await saveScreenshot(page, testInfo, 'admin-feeds-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `Feed "${title}" deleted`)).toBeVisible();
    await expect(healthy).toHaveCount(0);
  });
});

test('a user who opens /admin lands on /shares', async ({ page, request }) => {
  const user = await registerUser(request, 'notadmin');
  await signIn(page, user.username, user.password, '/admin?tab=users');
  await expect(page).toHaveURL(/\/shares$/);
});
