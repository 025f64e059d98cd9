import type { Page } from '@playwright/test';
import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiArticleIds, apiFollows, apiShare, apiViewerId, shareItem, shareItems } from './social.ts';
import { graphql, registerUser } from './users.ts';

const position = (page: Page) => page.getByTestId('reader-position');

/**
 * The screen's link 'RSS of public shares' and the one person's feed its document head advertises (beside the
 * instance's, which every page names), which must agree; answers the address.
 */
async function expectFeedLink(page: Page, title: string): Promise<string> {
  const link = page.getByRole('link', { name: 'RSS of public shares' });
  await expect(link).toHaveAttribute('href', /\/api\/public\/rss\?user=[0-9a-f-]{36}$/);
  const address = (await link.getAttribute('href'))!;
  const advertised = page.locator('head link[rel="alternate"][type="application/rss+xml"][href*="?user="]');
  await expect(advertised).toHaveCount(1);
  await expect(advertised).toHaveAttribute('href', address);
  await expect(advertised).toHaveAttribute('title', title);
  return address;
}

test('following someone from their profile brings their shares to Shared; unfollowing takes them away', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const sharer = await newsReader(request, feedSite, 3, 'sharer');
  const sharerId = await apiViewerId(request, sharer.token);
  const articles = await apiArticleIds(request, sharer.token);
  await apiShare(request, sharer.token, { articleId: articles.get('News 2')!, isPublic: false });
  await apiShare(request, sharer.token, { articleId: articles.get('News 3')!, note: 'Read this <b>twice</b> & smile', isPublic: true });
  const reader = await registerUser(request, 'follower');
  await signIn(page, reader.username, reader.password);

  // Nobody followed yet: the home screen says where shares will come from.
  await expect(page.getByRole('heading', { level: 1, name: 'Shared' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No shared articles yet' })).toBeVisible();
  await expect(page.getByText('Articles shared by people you follow will appear here')).toBeVisible();
  await expectAccessible(page, 'shares (empty)');
  await saveScreenshot(page, testInfo, 'shares-empty');

  await page.goto(`/user/${sharerId}`);
  await expect(page.getByRole('heading', { level: 1, name: sharer.displayName })).toBeVisible();
  await expect(page.getByText(`@${sharer.username}`)).toBeVisible();
  // A stranger sees the public share only; the private one is for followers.
  await expect(page.getByText('1 shared article', { exact: true })).toBeVisible();
  await expect(shareItems(page)).toHaveCount(1);
  await expect(shareItems(page).getByRole('button', { name: 'Unshare' })).toHaveCount(0); // not the viewer's shares
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect.poll(() => apiFollows(request, reader.token, sharerId)).toBe(true);
  await page.reload();
  await expect(page.getByText('2 shared articles')).toBeVisible();
  await expect(shareItems(page)).toHaveCount(2);
  // Their public shares as RSS: linked, advertised in the head while the profile shows, and readable signed out.
  const sharerFeed = await expectFeedLink(page, `${sharer.displayName}’s public shares`);
  const feed = await request.get(sharerFeed);
  expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await feed.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain('<title>News 3</title>');
  expect(xml).not.toContain('News 2'); // a share for followers only
  await expectAccessible(page, 'profile');
  await saveScreenshot(page, testInfo, 'profile');

  await page.getByRole('link', { name: 'Shared' }).first().click();
  await expect(page).toHaveURL(/\/shares$/);
  await expect(shareItems(page)).toHaveCount(2);
  // Shared links the viewer's own feed, and the profile's left the head with the profile.
  const readerFeed = await expectFeedLink(page, 'Your public shares');
  expect(readerFeed).not.toBe(sharerFeed);
  expect((await request.get(readerFeed)).headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const shared = shareItem(page, sharer.displayName, 'News 3');
  await expect(shareItems(page).first()).toHaveAccessibleName(`${sharer.displayName} shared News 3`); // newest share first
  // The note is text, in quotes, never markup.
  await expect(shared.getByText('“Read this <b>twice</b> & smile”')).toBeVisible();
  await expect(shared.getByText('Public', { exact: true })).toBeVisible();
  await expect(shared.getByText(/^(less than a minute|1 minute) ago$/)).toBeVisible(); // shared moments ago (a minute on a busy machine)
  await expect(shared.getByRole('article', { name: 'News 3' })).toContainText('Fixture News');
  await expect(shareItem(page, sharer.displayName, 'News 2').getByText('Public', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'shares');
  await saveScreenshot(page, testInfo, 'shares-followed');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'shares (dark)');
  await saveScreenshot(page, testInfo, 'shares-followed-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The sharer's name leads to their profile, where Following unfollows.
  await shared.getByRole('link', { name: sharer.displayName }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${encodeURIComponent(sharerId)}$`));
  await page.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect.poll(() => apiFollows(request, reader.token, sharerId)).toBe(false);
  await page.getByRole('link', { name: 'Shared' }).first().click();
  await expect(page.getByRole('heading', { name: 'No shared articles yet' })).toBeVisible();
});

test('the owner unshares an article after the confirmation, on Shared and on their profile', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const owner = await newsReader(request, feedSite, 3, 'owner');
  const ownerId = await apiViewerId(request, owner.token);
  const articles = await apiArticleIds(request, owner.token);
  await apiShare(request, owner.token, { articleId: articles.get('News 1')!, note: 'First of all' });
  await apiShare(request, owner.token, { articleId: articles.get('News 2')!, isPublic: true });
  await apiShare(request, owner.token, { articleId: articles.get('News 3')! });
  await signIn(page, owner.username, owner.password);
  await expect(shareItems(page)).toHaveCount(3);

  const first = shareItem(page, owner.displayName, 'News 1');
  await first.getByRole('button', { name: 'Unshare' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Unshare article' });
  await expect(dialog).toContainText('Are you sure you want to unshare this article? This action cannot be undone.');
  await expectAccessible(page, 'unshare confirmation');
  await saveScreenshot(page, testInfo, 'unshare-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(shareItems(page)).toHaveCount(3);

  await first.getByRole('button', { name: 'Unshare' }).click();
  await dialog.getByRole('button', { name: 'Unshare' }).click();
  await expect(toast(page, 'Article unshared')).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(shareItems(page)).toHaveCount(2);

  // Their own profile: the count, no Follow button, and the unshare option there too.
  await page.goto(`/user/${ownerId}`);
  await expect(page.getByRole('heading', { level: 1, name: owner.displayName })).toBeVisible();
  await expect(page.getByText('2 shared articles')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);
  await shareItem(page, owner.displayName, 'News 2').getByRole('button', { name: 'Unshare' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unshare' }).click();
  await expect(toast(page, 'Article unshared')).toBeVisible();
  await expect(page.getByText('1 shared article', { exact: true })).toBeVisible();
  await expect(shareItems(page)).toHaveCount(1);

  const { userShares } = await graphql<{ userShares: { edges: unknown[] } }>(
    request,
    'query ($id: ID!) { userShares(userId: $id, first: 10) { edges { cursor } } }',
    { id: ownerId },
    owner.token,
  );
  expect(userShares.edges).toHaveLength(1);
});

test('j, k and Enter open shared articles in the reader with their place in the list, and Escape comes back', async ({
  page,
  request,
  feedSite,
}) => {
  const owner = await newsReader(request, feedSite, 3, 'keys');
  const articles = await apiArticleIds(request, owner.token);
  for (const title of ['News 1', 'News 2', 'News 3']) await apiShare(request, owner.token, { articleId: articles.get(title)! });
  await signIn(page, owner.username, owner.password);
  const items = shareItems(page);
  await expect(items).toHaveCount(3);
  await expect(items.first()).toHaveAccessibleName(`${owner.displayName} shared News 3`);

  await page.keyboard.press('j');
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(items.nth(0)).not.toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator('[aria-current="true"]')).toHaveCount(0);

  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
  await expect(position(page)).toHaveText('2/3');
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 1, name: 'News 1' })).toBeVisible();
  await expect(position(page)).toHaveText('3/3');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/shares$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shared' })).toBeVisible();

  // A click on the card opens it too, in the same context.
  await shareItem(page, owner.displayName, 'News 3').getByRole('link', { name: 'News 3' }).click();
  await expect(position(page)).toHaveText('1/3');
});
