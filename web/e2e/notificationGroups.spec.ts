import type { Page } from '@playwright/test';
import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, liveSubscription, saveScreenshot, signIn, toast } from './page.ts';
import { apiArticleIds, apiComment, apiFollow, apiViewerId } from './social.ts';
import { registerUser } from './users.ts';

/** Counts every toast that appears from now on, so a burst can be held to one or two. */
async function countToasts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const seen = new Set<Element>();
    (window as unknown as { toastsSeen: Set<Element> }).toastsSeen = seen;
    new MutationObserver(() => document.querySelectorAll('[data-sonner-toast]').forEach((toast) => seen.add(toast))).observe(
      document.body,
      {
        childList: true,
        subtree: true,
      },
    );
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: Set<Element> }).toastsSeen.size);
}

test('eleven mentions in one thread are one row, told by one or two toasts, and follows group too', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const user = await registerUser(request, 'grouped');
  const talkers = [await newsReader(request, feedSite, 1, 'ann'), await newsReader(request, feedSite, 1, 'ben')];
  const articleId = (await apiArticleIds(request, talkers[0]!.token)).get('News 1')!;
  const userId = await apiViewerId(request, user.token);
  const live = liveSubscription(page, 'notificationAdded');
  await signIn(page, user.username, user.password);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread');
  const toastsSeen = await countToasts(page);

  await live;
  // The first mention proves the live subscription is up; the other ten arrive as a burst. The page has sent its
  // subscription, but the server may still be setting it up when the mention is stored: then it is told again, and
  // the next mention joins the same thread's row, so the counts below stay the same.
  await expect(async () => {
    await apiComment(request, talkers[0]!.token, articleId, `First, @${user.username}`);
    await expect(toast(page, `New mention from @${talkers[0]!.username}`)).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 20_000 });
  await expect(bell).toHaveAccessibleName('Notifications, 5 unread');
  for (let n = 2; n <= 11; n++) await apiComment(request, talkers[n % 2]!.token, articleId, `Note ${n} for @${user.username}`);
  await expect(toast(page, /^\d+ new notifications$/)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await toastsSeen()).toBeLessThanOrEqual(3);

  for (const talker of talkers) await apiFollow(request, talker.token, userId);
  // One more row for the follows; the thread stays one row with its ten new members.
  await expect(bell).toHaveAccessibleName('Notifications, 6 unread');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(6);
  const [ann, ben] = talkers.map((talker) => `@${talker!.username}`);
  await expect(items.first()).toContainText(`${ben} and ${ann} started following you`);
  const thread = items.filter({ hasText: 'mentioned you' });
  await expect(thread).toHaveCount(1);
  await expect(thread).toContainText(`${ben} and ${ann} mentioned you in comments on "News 1"`);
  await expectAccessible(page, 'grouped notifications');
  await saveScreenshot(page, testInfo, 'notifications-grouped');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'grouped notifications (dark)');
  await saveScreenshot(page, testInfo, 'notifications-grouped-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // A click reads the whole group and goes where its newest member goes: the article.
  await thread.getByRole('button', { name: /mentioned you/ }).click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await expect(bell).toHaveAccessibleName('Notifications, 5 unread');
  expect(consoleErrors).toEqual([]);
});
