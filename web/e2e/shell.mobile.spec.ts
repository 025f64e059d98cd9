import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, openAccountMenu, saveScreenshot, signIn } from './page.ts';
import { registerUser } from './users.ts';

/** A finger moving left across `target` (react-swipeable listens to touch events). */
async function swipeLeft(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const points = [box.x + box.width - 20, box.x + box.width - 60, box.x + box.width - 140];
  await target.evaluate(
    (element, { points, y }) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
      const fire = (type: string, x: number) =>
        element.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            cancelable: true,
            touches: type === 'touchend' ? [] : [touch(x)],
            changedTouches: [touch(x)],
          }),
        );
      fire('touchstart', points[0]!);
      fire('touchmove', points[1]!);
      fire('touchmove', points[2]!);
      fire('touchend', points[2]!);
    },
    { points, y },
  );
}

test('the mobile shell: top bar, bottom nav, drawer and avatar menu', { tag: '@layout' }, async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'phone');
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refresh all feeds' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'shares');

  const bottomNav = page.getByRole('navigation', { name: 'Main' });
  await expect(bottomNav.getByRole('link')).toHaveText(['Shared', 'Articles', 'Liked', 'Highlights', 'Digest', 'Users']);
  await bottomNav.getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(bottomNav.getByRole('link', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
  await bottomNav.getByRole('link', { name: 'Liked' }).click();
  await expect(page.getByRole('heading', { name: 'Liked', level: 1 })).toBeVisible();
  await expectAccessible(page, 'liked (mobile)');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('heading', { name: 'Feeds & Folders' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Add feed', exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'New folder' })).toBeVisible();
  await expectAccessible(page, 'drawer');
  await saveScreenshot(page, testInfo, 'drawer');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'drawer (dark)');
  await saveScreenshot(page, testInfo, 'drawer-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await swipeLeft(page, drawer);
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();

  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Discover Feeds', 'Settings', 'Logout']);
  await saveScreenshot(page, testInfo, 'avatar-menu');
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
