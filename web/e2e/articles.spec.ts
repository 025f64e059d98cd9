import { articleRow, articleRows, countLine, newsReader, serveFeedImages } from './articleList.ts';
import { apiSubscribe, expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';

test('lists unread articles newest first, with the whole list one toggle away', async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 4);
  await serveFeedImages(page, /episode|cover-3/);
  await apiSubscribe(request, user.token, feedSite.url('rss.xml'));
  await signIn(page, user.username, user.password, '/articles');

  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  await expect(countLine(page)).toHaveText('7 unread articles');
  // Newest first, over both feeds.
  await expect(articleRows(page).nth(0)).toHaveAccessibleName('News 4');
  await expect(articleRows(page).nth(2)).toHaveAccessibleName('First post with media');
  await expect(articleRows(page).nth(6)).toHaveAccessibleName('Post with an image enclosure');
  const first = articleRow(page, 'News 4');
  await expect(first).toContainText('Fixture News');
  await expect(first.locator('time')).toHaveText(/ago$/);
  await expect(first.getByText('Item 4')).toBeVisible();
  await expect(first.getByRole('link', { name: /^Source/ })).toHaveAttribute('target', '_blank');
  await expect(first.getByRole('link', { name: /^Source/ })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(first.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  // Zero counts are left out: no '0 comments', '0 shares' or '0 likes'.
  await expect(first.getByRole('list', { name: 'Activity' })).toHaveCount(0);
  await expect(first).not.toContainText(/\b0 (comments|shares|likes)\b/);
  // A picture that loads is shown; one that fails leaves no broken box.
  await expect(articleRow(page, 'First post with media').locator('img')).toBeVisible();
  await expect(articleRow(page, 'Post with an image enclosure').locator('img')).toHaveCount(0);

  const toggle = page.getByRole('group', { name: 'Show articles' });
  await expect(toggle.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'article list');
  await saveScreenshot(page, testInfo, 'articles');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'article list (dark)');
  await saveScreenshot(page, testInfo, 'articles-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Opening an article marks it read: back in the list it is dimmed and no longer counted.
  await first.getByRole('link', { name: 'News 4' }).click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await page.goBack();
  await expect(countLine(page)).toHaveText('6 unread articles');
  await expect(first).not.toContainText('unread');
  await expect(articleRow(page, 'News 3')).toContainText('unread');

  await toggle.getByRole('button', { name: 'All' }).click();
  await expect(page).toHaveURL(/filter=all/);
  await expect(toggle.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await expect(countLine(page)).toHaveText('7 articles');
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeHidden();
  await page.reload();
  await expect(countLine(page)).toHaveText('7 articles');
  await toggle.getByRole('button', { name: 'Unread' }).click();
  await expect(countLine(page)).toHaveText('6 unread articles');
  await expect(articleRow(page, 'News 4')).toBeHidden();

  // The Circle view gathers what the people the reader follows shared; this reader follows nobody yet.
  await toggle.getByRole('button', { name: 'Circle' }).click();
  await expect(page).toHaveURL(/filter=circle/);
  await expect(page.getByText('Nothing from the people you follow yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find people to follow' })).toHaveAttribute('href', '/users');
  await expectAccessible(page, 'circle, empty');
  await saveScreenshot(page, testInfo, 'articles-circle-empty');
});

test('likes from the list, and the Liked view gathers them', async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 3, 'liker');
  await signIn(page, user.username, user.password, '/articles?filter=liked');
  await expect(page.getByRole('heading', { level: 1, name: 'Liked' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Show articles' })).toBeHidden();
  await expect(countLine(page)).toHaveText('0 liked articles');
  await expect(page.getByText('No liked articles yet')).toBeVisible();
  await expectAccessible(page, 'liked, empty');
  await saveScreenshot(page, testInfo, 'articles-liked-empty');

  await page.goto('/articles');
  const row = articleRow(page, 'News 2');
  await row.getByRole('button', { name: 'Like' }).click();
  await expect(row.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByText('1 like', { exact: true })).toBeAttached();
  await page.reload(); // the like is the server's, not only on screen
  await expect(articleRow(page, 'News 2').getByRole('button', { name: 'Unlike' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liked' }).click();
  await expect(page).toHaveURL(/\/articles\?filter=liked$/);
  await expect(countLine(page)).toHaveText('1 liked article');
  await expect(articleRows(page)).toHaveCount(1);
  await expect(articleRow(page, 'News 2')).toBeVisible();
  await expectAccessible(page, 'liked');
  await saveScreenshot(page, testInfo, 'articles-liked');

  // Unliking keeps the row in view (it can be liked again) but it no longer counts.
  await articleRow(page, 'News 2').getByRole('button', { name: 'Unlike' }).click();
  await expect(countLine(page)).toHaveText('0 liked articles');
  await page.reload();
  await expect(page.getByText('No liked articles yet')).toBeVisible();
});

test('marks all read after a confirmation', { tag: '@layout' }, async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 3, 'marker');
  await signIn(page, user.username, user.password, '/articles');
  await expect(countLine(page)).toHaveText('3 unread articles');

  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mark all as read?' });
  await expect(dialog).toContainText('all your feeds');
  await expectAccessible(page, 'mark all read confirmation');
  await saveScreenshot(page, testInfo, 'articles-mark-all');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(countLine(page)).toHaveText('3 unread articles');

  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await dialog.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toast(page, 'Marked 3 articles as read')).toBeVisible();
  await expect(page.getByText('No articles found')).toBeVisible();
  await expect(page.getByText('All articles have been read')).toBeVisible();
  await expect(countLine(page)).toHaveText('0 unread articles');
  await expect(page.getByRole('button', { name: 'Mark All as Read' })).toBeHidden();
  await expectAccessible(page, 'all read');
  await saveScreenshot(page, testInfo, 'articles-all-read');
});

test('searches, and a reload keeps the filter and the search', async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 35, 'seeker');
  await signIn(page, user.username, user.password, '/articles?filter=all');
  const search = page.getByRole('searchbox', { name: 'Search articles' });

  // More matches than a page: the count comes apart from the rows.
  await search.fill('news');
  await expect(page).toHaveURL(/q=news$/);
  await expect(articleRows(page)).toHaveCount(30);
  await expect(countLine(page)).toHaveText('35 articles');

  await search.fill('news 3');
  await expect(page).toHaveURL(/q=news(\+|%20)3/);
  await expect(articleRows(page)).toHaveCount(1);
  await expect(articleRow(page, 'News 3')).toBeVisible();
  await expect(countLine(page)).toHaveText('1 article');
  await page.reload();
  await expect(search).toHaveValue('news 3');
  await expect(page.getByRole('group', { name: 'Show articles' }).getByRole('button', { name: 'All' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(articleRows(page)).toHaveCount(1);

  await search.fill('zebra');
  await expect(page.getByText('No articles match “zebra”. Try other words.')).toBeVisible();
  await expectAccessible(page, 'search without matches');
  await saveScreenshot(page, testInfo, 'articles-search-empty');

  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(articleRows(page)).toHaveCount(30);
  await expect(page).not.toHaveURL(/q=/);
});

test('comes back to the same place in the list after a reload or an article, and loads more as its end scrolls into view', async ({
  page,
  request,
  feedSite,
}) => {
  const user = await newsReader(request, feedSite, 45, 'scroller');
  await signIn(page, user.username, user.password, '/articles');
  await expect(countLine(page)).toHaveText('45 unread articles');
  await expect(articleRows(page)).toHaveCount(30);

  // A fresh load draws the screen's rows first and the rest after; a reload or a way back needs them all at once to
  // find its place again.
  const deep = articleRows(page).nth(19);
  await deep.scrollIntoViewIfNeeded();
  const place = await page.evaluate(() => window.scrollY);
  expect(place).toBeGreaterThan(1000);
  await page.reload();
  await expect(articleRows(page)).toHaveCount(30);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  await deep.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await page.goBack();
  await expect(articleRows(page)).toHaveCount(30);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  await articleRows(page).last().scrollIntoViewIfNeeded();
  await expect(articleRows(page)).toHaveCount(45);
  await expect(articleRows(page).last()).toContainText('News 1');
});
