import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiArticleIds, apiComment } from './social.ts';
import { registerUser } from './users.ts';

test(
  'the bell lists notifications, routes a click by type and marks them read',
  { tag: '@layout' },
  async ({ page, request }, testInfo) => {
    const user = await registerUser(request, 'bell');
    await signIn(page, user.username, user.password);

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 4 unread');
    await expect(page.getByTestId('unread-badge')).toHaveText('4');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeVisible();
    await expect(items.first().getByText(/ago$/)).toBeVisible();
    await expectAccessible(page, 'notifications panel');
    await saveScreenshot(page, testInfo, 'notifications');

    const tools = items.filter({ hasText: 'Save articles from anywhere' });
    await tools.getByRole('button', { name: 'Mark as read' }).click();
    await expect(tools.getByRole('button', { name: 'Mark as read' })).toBeHidden();
    await expect(tools.getByRole('img', { name: 'Unread' })).toBeHidden();
    await expect(items.getByRole('img', { name: 'Unread' })).toHaveCount(3);

    await panel.getByRole('button', { name: /^Welcome to Tidings!/ }).click();
    await expect(page).toHaveURL(/\/discover$/);
    await expect(panel).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await bell.click();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect(toast(page, 'All notifications marked as read')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeHidden();
    await expect(items.getByRole('img', { name: 'Unread' })).toHaveCount(0);

    // The backdrop closes the panel too.
    await page.getByTestId('notifications-backdrop').click({ position: { x: 5, y: page.viewportSize()!.height - 5 } });
    await expect(panel).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('unread-badge')).toBeHidden();
  },
);

test("the badge is capped at '9+' above 9 unread", async ({ page, request, feedSite }) => {
  const user = await registerUser(request, 'busy');
  const talker = await newsReader(request, feedSite, 8, 'talker');
  const articleIds = await apiArticleIds(request, talker.token);
  // Mentions in eight threads (eight rows: the badge counts rows) on top of the four welcome notifications.
  for (let n = 1; n <= 8; n++) await apiComment(request, talker.token, articleIds.get(`News ${n}`)!, `Note ${n} for @${user.username}`);
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('button', { name: 'Notifications, 12 unread' })).toBeVisible();
  await expect(page.getByTestId('unread-badge')).toHaveText('9+');
});
