import { readFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, otherBrowser, saveScreenshot, signIn, toast } from './page.ts';
import { ADMIN_STORAGE_STATE, graphql, registerUser, registerWithInvite } from './users.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name });
const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

/** Creates an invite code over the API for the token's user and returns it. */
async function apiInvite(request: Parameters<typeof graphql>[0], token: string): Promise<string> {
  const { createInviteCode } = await graphql<{ createInviteCode: { inviteCode?: { code: string }; message?: string } }>(
    request,
    'mutation { createInviteCode { ... on CreateInviteCodePayload { inviteCode { code } } ... on Error { message } } }',
    {},
    token,
  );
  if (!createInviteCode.inviteCode) throw new Error(`createInviteCode failed: ${createInviteCode.message}`);
  return createInviteCode.inviteCode.code;
}

/** A whole-page screenshot from the top: the shell's fixed bars would otherwise sit where the page was scrolled to. */
async function screenshotFromTop(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, name);
}

/** The stored session's bearer token of a signed-in page. */
const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('tidings.session')!) as { token: string }).token);

test('the display name changes in the shell at once; blank falls back to the username', async ({ page, request }) => {
  const user = await registerUser(request, 'settings');
  await signIn(page, user.username, user.password, '/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Account Settings · Tidings');
  const account = section(page, 'Account & Security');
  await expect(account.getByText(`@${user.username}`, { exact: true })).toBeVisible();
  await expect(account.getByText(user.email)).toBeVisible();
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${user.displayName}`);

  const name = account.getByLabel('Display name');
  await expect(name).toHaveValue(user.displayName);
  await expect(name).toHaveAttribute('maxlength', '50');
  await expect(account.getByText(`Leave it blank to be shown as @${user.username}`)).toBeVisible();
  await name.fill('Grace Hopper');
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Display name updated successfully')).toBeVisible();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for Grace Hopper');

  await name.fill('');
  await account.getByRole('button', { name: 'Save' }).click();
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${user.username}`);
  await page.reload();
  await expect(section(page, 'Account & Security').getByLabel('Display name')).toHaveValue('');
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${user.username}`);
});

const SECTION_TITLES = [
  'Account & Security',
  'Feed Management',
  'Article Lists',
  'Rules',
  'Newsletters',
  'Reading on This Device',
  'Browser Extension',
  'Bookmarklet',
  'API Tokens',
  'Invite Codes',
  'Digest Preferences',
  'Keyboard Shortcuts',
];

test(
  'the sections are listed beside them (a menu on a phone) that jumps to each and follows the scroll',
  { tag: '@layout' },
  async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'sections');
    await signIn(page, user.username, user.password, '/settings');
    await expect(section(page, 'Digest Preferences')).toBeVisible();
    const mobile = testInfo.project.name === 'mobile';
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    const menu = page.getByLabel('Jump to section');
    // The section being read, as the list or the menu shows it.
    const current = () => (mobile ? expect(menu.locator('option:checked')) : expect(nav.locator('[aria-current="location"]')));
    /** Where a section's heading sits in the window: under the top bar (and the phone's menu), not beneath them. */
    const headingTop = (name: string) =>
      section(page, name)
        .getByRole('heading', { name, level: 2 })
        .evaluate((heading) => heading.getBoundingClientRect().top);
    const scrollToSection = (name: string) =>
      section(page, name).evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120));

    if (mobile) {
      await expect(nav).toBeHidden();
      await expect(menu.locator('option')).toHaveText(SECTION_TITLES);
      await current().toHaveText('Account & Security');
      await saveScreenshot(page, testInfo, 'settings-jump-menu', { fullPage: false });
      await menu.selectOption({ label: 'Invite Codes' });
    } else {
      await expect(menu).toBeHidden();
      await expect(nav.getByRole('link')).toHaveText(SECTION_TITLES);
      await expect(nav.getByRole('link', { name: 'Invite Codes' })).toHaveAttribute('href', '#invites');
      await current().toHaveText('Account & Security');
      await nav.getByRole('link', { name: 'Invite Codes' }).click();
    }
    const invites = section(page, 'Invite Codes').getByRole('heading', { name: 'Invite Codes', level: 2 });
    await expect(invites).toBeFocused();
    await expect(page).toHaveURL(/\/settings#invites$/);
    await current().toHaveText('Invite Codes');
    // Below the top bar (56 px on a phone, 64 on a desktop) and the phone's menu (about 52 px more).
    const top = await headingTop('Invite Codes');
    expect(top).toBeGreaterThan(mobile ? 110 : 64);
    expect(top).toBeLessThan(200);
    await expect(mobile ? menu : nav).toBeInViewport();
    // The top bar over scrolled text: opaque, nothing shows through it.
    await saveScreenshot(page, testInfo, 'settings-sections-scrolled', { fullPage: false });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'settings sections (dark)');
    await saveScreenshot(page, testInfo, 'settings-sections-scrolled-dark', { fullPage: false });
    await page.emulateMedia({ colorScheme: 'light' });

    // Scrolling marks the section being read; at the bottom of the page, the last one.
    await scrollToSection('Bookmarklet');
    await current().toHaveText('Bookmarklet');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await current().toHaveText('Keyboard Shortcuts');
    await page.evaluate(() => window.scrollTo(0, 0));
    await current().toHaveText('Account & Security');
  },
);

test('the password changes after the checks; the other sessions end, this one stays', async ({ page, browser, request }, testInfo) => {
  const user = await registerUser(request, 'password');
  const newPassword = `${user.password}-renewed`;
  // The same account on another device; its tab closes so that no background poll meets the 401 first.
  const otherDevice = await otherBrowser(browser, testInfo);
  await signIn(otherDevice, user.username, user.password);
  const otherToken = await tokenOf(otherDevice);
  await otherDevice.close();

  await signIn(page, user.username, user.password, '/settings');
  const account = section(page, 'Account & Security');
  const toggle = account.getByRole('button', { name: 'Change password' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const current = account.getByLabel('Current password');
  const next = account.getByLabel('New password', { exact: true });
  const confirm = account.getByLabel('Confirm new password');
  const update = account.getByRole('button', { name: 'Update password' });
  for (const field of [current, next, confirm]) await expect(field).toHaveAttribute('required', '');

  await current.fill(user.password);
  await next.fill('abcdefgh');
  await confirm.fill('abcdefgX');
  await update.click();
  await expect(account.getByText('New passwords do not match')).toBeVisible();
  await next.fill('short');
  await confirm.fill('short');
  await update.click();
  await expect(account.getByText('New password must be at least 8 characters long')).toBeVisible();

  await current.fill('not-my-password');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await update.click();
  await expect(toast(page, 'Current password is incorrect')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await current.fill(user.password);
  await update.click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(current).toBeHidden();
  await toggle.click();
  await expect(current).toHaveValue('');

  const stale = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(stale.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(accountMenu(page)).toBeVisible();
});

test(
  'OPML: a file of several feeds imports with progress into the sidebar, a wrong file is refused, export downloads',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    const user = await registerUser(request, 'opml');
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Elsewhere</title></head><body>
  <outline text="${FEED_TITLES.rss.replace('&', '&amp;')}" title="${FEED_TITLES.rss.replace('&', '&amp;')}" type="rss" xmlUrl="${feedSite.url('rss.xml')}"/>
  <outline text="Imported">
    <outline text="${FEED_TITLES.atom}" title="${FEED_TITLES.atom}" type="rss" xmlUrl="${feedSite.url('atom.xml')}"/>
    <outline text="${FEED_TITLES.json}" title="${FEED_TITLES.json}" type="rss" xmlUrl="${feedSite.url('feed.json')}"/>
  </outline>
</body></opml>`;
    const file = { name: 'elsewhere.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) };
    await signIn(page, user.username, user.password, '/settings');
    const feeds = section(page, 'Feed Management');
    const input = feeds.getByLabel('OPML file');
    const exportButton = feeds.getByRole('button', { name: 'Export OPML' });

    await input.setInputFiles({ name: 'feeds.txt', mimeType: 'text/plain', buffer: Buffer.from(opml) });
    await expect(toast(page, 'Please select a valid OPML file (.opml or .xml)')).toBeVisible();

    // The import is held back until its progress has been seen, so its 2-second toast is looked for as soon as it can show.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('importOpml')) await released;
      await route.continue();
    });
    await input.setInputFiles(file);
    await expect(feeds.getByRole('status')).toContainText('Importing 3 feeds…');
    await expect(feeds.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(exportButton).toBeDisabled();
    await screenshotFromTop(page, testInfo, 'settings-importing');
    release();
    await expect(toast(page, 'Import complete! Added 3 feeds, skipped 0 (already subscribed), 0 errors')).toBeVisible();
    await expect(feeds.getByRole('status')).toBeHidden();
    await expect(input).toBeEnabled();
    await page.unroute('**/graphql');

    // The sidebar (the drawer on a phone) shows the new subscriptions without a reload.
    const mobile = testInfo.project.name === 'mobile';
    if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = mobile ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: FEED_TITLES.rss })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Imported' })).toBeVisible();
    if (mobile) await page.keyboard.press('Escape');

    await input.setInputFiles(file);
    await expect(toast(page, 'Import complete! Added 0 feeds, skipped 3 (already subscribed), 0 errors')).toBeVisible();

    // A file whose feeds partly fail: its report stays, a reload too, until dismissed; a folder none of whose feeds
    // could be added is not made.
    const missing = feedSite.url('missing.xml');
    const mixed = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Mixed</title></head><body>
  <outline text="Atom" type="rss" xmlUrl="${feedSite.url('atom.xml')}"/>
  <outline text="Gone"><outline text="Missing" type="rss" xmlUrl="${missing}"/></outline>
</body></opml>`;
    await input.setInputFiles({ name: 'mixed.opml', mimeType: 'text/x-opml', buffer: Buffer.from(mixed) });
    await expect(toast(page, 'Import complete! Added 0 feeds, skipped 1 (already subscribed), 1 errors')).toBeVisible();
    const report = feeds.getByRole('region', { name: 'Last import' });
    await expect(report).toContainText('mixed.opml');
    await page.reload();
    await expect(report).toContainText('mixed.opml');
    await expect(report.getByRole('definition')).toHaveText(['0', '1', '1']);
    await report.getByText('Show the 1 failed and 1 skipped feeds').click();
    await expect(report.getByRole('list', { name: 'Failed (1)' })).toHaveText(`${missing}The feed answered 404 Not Found`);
    await expect(report.getByRole('list', { name: 'Skipped (1)' })).toHaveText(
      `${feedSite.url('atom.xml')}Already subscribed to this feed`,
    );
    const { folders } = await graphql<{ folders: { name: string }[] }>(request, '{ folders { name } }', {}, user.token);
    expect(folders).toEqual([{ name: 'Imported' }]);
    await report.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await saveScreenshot(page, testInfo, 'settings-import-report', { fullPage: false });
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await expect(report).toHaveCount(0);
    await expect(input).toBeFocused();
    await page.reload();
    await expect(input).toBeEnabled();
    await expect(report).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tidings-subscriptions-\d{4}-\d{2}-\d{2}\.opml$/);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain(feedSite.url('atom.xml'));
    expect(exported).toContain('Imported');
    await expect(toast(page, 'OPML file downloaded successfully')).toBeVisible();
  },
);

test('invite codes: generate, copy, delete; a used code stays; the allowance runs out', async ({ page, request }, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerUser(request, 'inviter');
  const friend = await registerWithInvite(request, 'friend', await apiInvite(request, user.token));
  await signIn(page, user.username, user.password, '/settings');
  const invites = section(page, 'Invite Codes');
  const list = invites.getByRole('list', { name: 'Your invite codes' });
  const remaining = invites.locator('[data-tone]');
  const generate = invites.getByRole('button', { name: 'Generate invite code' });

  const used = list.getByRole('listitem');
  await expect(used).toHaveCount(1);
  await expect(used).toContainText('Used');
  await expect(used).toContainText(`${friend.displayName} @${friend.username}`);
  await expect(used.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(remaining).toHaveText('4');
  await expect(remaining).toHaveAttribute('data-tone', 'green');
  await expect(invites.getByText('Weekly limit')).toBeVisible();

  await generate.click();
  await expect(toast(page, 'New invite code generated!')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const fresh = list.getByRole('listitem').first();
  await expect(fresh).toContainText('Available');
  await expect(remaining).toHaveText('3');
  const code = (await fresh.locator('code').textContent())!;
  expect(code).toMatch(/^[A-Z]+(-[A-Z]+){3}$/);

  await fresh.getByRole('button', { name: `Copy ${code}` }).click();
  // Both at once: the button says Copied for two seconds only, which a busy machine can spend on the toast.
  await Promise.all([
    expect(toast(page, 'Invite code copied to clipboard!')).toBeVisible(),
    expect(fresh.getByRole('button', { name: `Copied ${code}` })).toHaveText('Copied'),
  ]);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(fresh.getByRole('button', { name: `Copy ${code}` })).toBeVisible({ timeout: 4_000 });

  await fresh.getByRole('button', { name: `Delete ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete invite code?' });
  await expect(dialog).toContainText(code);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Invite code deleted')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(remaining).toHaveText('4');

  for (let i = 0; i < 3; i++) await apiInvite(request, user.token);
  await page.reload();
  await expect(remaining).toHaveText('1');
  await expect(remaining).toHaveAttribute('data-tone', 'yellow');
  await generate.click();
  await expect(toast(page, 'New invite code generated!')).toBeVisible();
  await expect(remaining).toHaveText('0');
  await expect(remaining).toHaveAttribute('data-tone', 'red');
  await expect(generate).toBeDisabled();
  await expect(invites.getByText('Resets in 7 days')).toBeVisible();

  await section(page, 'Account & Security').getByRole('button', { name: 'Change password' }).click();
  await section(page, 'Keyboard Shortcuts').getByRole('button', { name: 'Show shortcuts' }).click();
  await expectAccessible(page, 'settings');
  await screenshotFromTop(page, testInfo, 'settings');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'settings (dark)');
  await screenshotFromTop(page, testInfo, 'settings-dark');
});

test.describe('as the administrator', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });

  test('invite codes that fail to load say so and load again on request; the rest of the screen works', async ({ page }) => {
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('query inviteCodesQuery') ? route.abort() : route.continue(),
    );
    await page.goto('/settings');
    const invites = section(page, 'Invite Codes');
    await expect(invites.getByRole('alert')).toContainText('Failed to load invite codes');
    await expect(toast(page, 'Failed to load invite codes')).toHaveCount(0);
    await expect(section(page, 'Account & Security').getByLabel('Display name')).toBeVisible();

    await page.unroute('**/graphql');
    await invites.getByRole('button', { name: 'Try again' }).click();
    await expect(invites.getByText('Administrator - Unlimited Invites')).toBeVisible();
  });

  test('invites are unlimited; the shortcuts panel lists the keys', async ({ page }, testInfo) => {
    await page.goto('/settings');
    const invites = section(page, 'Invite Codes');
    await expect(invites.getByText('Administrator - Unlimited Invites')).toBeVisible();
    await expect(invites.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');
    await expect(invites.getByRole('button', { name: 'Generate invite code' })).toBeEnabled();

    const shortcuts = section(page, 'Keyboard Shortcuts');
    const toggle = shortcuts.getByRole('button', { name: 'Show shortcuts' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(shortcuts.getByRole('button', { name: 'Hide shortcuts' })).toHaveAttribute('aria-expanded', 'true');
    for (const key of ['j', 'k', 'Enter', 'Esc', 's', 'm', 'l', 'v', 'r', '/', '?'])
      await expect(shortcuts.getByRole('term').getByText(key, { exact: true })).toBeVisible();
    await screenshotFromTop(page, testInfo, 'settings-admin');
  });
});
