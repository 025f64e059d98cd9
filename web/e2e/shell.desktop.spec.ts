import { expect, test } from '@playwright/test';
import { expectAccessible, openAccountMenu, saveScreenshot, signIn } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE, registerUser } from './users.ts';

const screens = [
  { path: '/shares', heading: 'Shared' },
  { path: '/articles', heading: 'Articles' },
  { path: '/articles?filter=liked', heading: 'Liked' },
  { path: '/article/QXJ0aWNsZTo5OTk5OTk5OTk', heading: 'Article not found' },
  { path: '/user/VXNlcjox', heading: 'User not found' },
  { path: '/users', heading: 'Users' },
  { path: '/digest', heading: 'Digest' },
  { path: '/digest/RGlnZXN0OjE', heading: 'Digest' },
  { path: '/discover', heading: 'Discover Feeds' },
  { path: '/settings', heading: 'Settings' },
  { path: '/export', heading: 'Export' },
];

test.describe('every screen of the spec exists', () => {
  test.use({ storageState: ADMIN_STORAGE_STATE });
  for (const { path, heading } of [...screens, { path: '/admin', heading: 'Admin Panel' }]) {
    test(`${path} shows its screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    });
  }
});

test('the sidebar navigates between the main screens', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'desk');
  await signIn(page, user.username, user.password);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByRole('heading', { name: 'Feeds & Folders' })).toBeVisible();
  await expect(sidebar.getByText('No feeds yet')).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Refresh all feeds' })).toBeEnabled();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1); // the bottom nav is hidden on desktop

  const nav = sidebar.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Liked' }).click();
  await expect(page).toHaveURL(/\/articles\?filter=liked$/);
  await expect(nav.getByRole('link', { name: 'Liked' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Articles' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Digest' }).click();
  await expect(page.getByRole('heading', { name: 'Digest', level: 1 })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Tidings' }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await expectAccessible(page, 'shares');
  await saveScreenshot(page, testInfo, 'shares');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'shares (dark)');
  await saveScreenshot(page, testInfo, 'shares-dark');
});

test('skeletons, spinners and the badge hold still when the system asks for less motion', async ({ page, request }) => {
  const user = await registerUser(request, 'still');
  await signIn(page, user.username, user.password);
  // One element of each moving kind, styled by the app's own stylesheet.
  const animations = () =>
    page.evaluate(() =>
      ['animate-pulse', 'animate-spin', 'animate-ping'].map((kind) => {
        const element = document.body.appendChild(document.createElement('div'));
        element.className = kind;
        const { animationName } = getComputedStyle(element);
        element.remove();
        return animationName;
      }),
    );
  expect(await animations()).toEqual(['pulse', 'spin', 'ping']);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animations()).toEqual(['none', 'none', 'none']);
});

test('the account menu offers Admin Panel to administrators only', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'plain');
  await signIn(page, user.username, user.password);
  let menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Discover Feeds', 'Settings', 'Export', 'Logout']);
  await menu.getByRole('menuitem', { name: 'Export' }).click();
  await expect(page).toHaveURL(/\/export$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/shares$/);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, ADMIN.username, ADMIN.password);
  menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Discover Feeds', 'Settings', 'Export', 'Admin Panel', 'Logout']);
  await expectAccessible(page, 'account menu');
  await saveScreenshot(page, testInfo, 'account-menu');
  await menu.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
});
