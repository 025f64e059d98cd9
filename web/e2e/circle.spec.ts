import { articleRow, newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { apiArticleIds, apiComment, apiFollow, apiShare, apiViewerId } from './social.ts';
import { registerUser } from './users.ts';

test(
  'the card and the reader say who of the people you follow shared or commented on an article',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    test.setTimeout(150_000);
    const reader = await newsReader(request, feedSite, 3, 'circle');
    const friends = [await registerUser(request, 'ann'), await registerUser(request, 'ben'), await registerUser(request, 'cat')];
    const stranger = await registerUser(request, 'dan');
    for (const friend of friends) await apiFollow(request, reader.token, await apiViewerId(request, friend.token));
    const ids = await apiArticleIds(request, reader.token);
    // News 3: all three friends share it (one privately) and a stranger too; News 2: one friend only comments.
    for (const [i, friend] of friends.entries())
      await apiShare(request, friend.token, { articleId: ids.get('News 3')!, isPublic: i !== 1 });
    await apiShare(request, stranger.token, { articleId: ids.get('News 3')!, isPublic: true });
    await apiComment(request, friends[0]!.token, ids.get('News 2')!, 'Worth a read');

    await signIn(page, reader.username, reader.password, '/articles');
    // The last to share is named first.
    await expect(articleRow(page, 'News 3')).toContainText(`${friends[2]!.displayName} and 2 others you follow shared this`);
    await expect(articleRow(page, 'News 2')).toContainText(`${friends[0]!.displayName} commented`);
    await expect(articleRow(page, 'News 1')).not.toContainText(/shared this|commented/);
    await expectAccessible(page, 'list with circle lines');
    await saveScreenshot(page, testInfo, 'circle-list');
    // The Circle view: one row per story the people you follow shared or commented on, from any feed.
    await page.getByRole('group', { name: 'Show articles' }).getByRole('button', { name: 'Circle' }).click();
    await expect(page).toHaveURL(/filter=circle/);
    await expect(articleRow(page, 'News 3')).toBeVisible();
    await expect(articleRow(page, 'News 1')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'circle-view');
    await page.goto('/articles?filter=all');

    await articleRow(page, 'News 3').getByRole('link', { name: 'News 3' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News 3' })).toBeVisible();
    await expect(page.locator('header').getByText(`${friends[2]!.displayName} and 2 others you follow shared this`)).toBeVisible();
    await saveScreenshot(page, testInfo, 'circle-reader');
  },
);
