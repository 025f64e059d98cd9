import type { APIRequestContext, Page } from '@playwright/test';
import { articleRow, articleRows, newsReader } from './articleList.ts';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiViewerId } from './social.ts';
import { graphql } from './users.ts';

type ArticleState = { id: string; title: string; isRead: boolean; isLiked: boolean };

async function articleByTitle(request: APIRequestContext, token: string, title: string): Promise<ArticleState> {
  const { articles } = await graphql<{ articles: { edges: { node: ArticleState }[] } }>(
    request,
    'query { articles(filter: ALL, first: 50) { edges { node { id title isRead isLiked } } } }',
    {},
    token,
  );
  return articles.edges.map(({ node }) => node).find((node) => node.title === title)!;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

test('after a click in the navigation, j / k / Enter / Escape act on the list, not on the link', async ({ page, request, feedSite }) => {
  const user = await newsReader(request, feedSite, 3, 'keys');
  await signIn(page, user.username, user.password);

  await mainNav(page).getByRole('link', { name: 'Articles' }).click();
  await expect(articleRows(page)).toHaveCount(3);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'News 3' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/articles/);

  // A feed of the sidebar, then the keys: Enter opens the selected article, not the feed again.
  await sidebar(page).getByRole('link', { name: FEED_TITLES.news }).click();
  await expect(page).toHaveURL(/feed=/);
  await expect(articleRows(page)).toHaveCount(3);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
});

test('m, l and v act on the selected article; r refreshes; / searches; ? lists the keys', async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 2, 'keyed');
  await page
    .context()
    .route('https://news.example.test/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Original</title><p>The original page</p>' }),
    );
  await signIn(page, user.username, user.password);
  await mainNav(page).getByRole('link', { name: 'Articles' }).click();
  await page.getByRole('group', { name: 'Show articles' }).getByRole('button', { name: 'All' }).click();
  await expect(articleRows(page)).toHaveCount(2);

  await page.keyboard.press('j');
  // The 500 ms dwell marks it read; m then marks it unread again, and back.
  await expect.poll(async () => (await articleByTitle(request, user.token, 'News 2')).isRead).toBe(true);
  await page.keyboard.press('m');
  await expect.poll(async () => (await articleByTitle(request, user.token, 'News 2')).isRead).toBe(false);
  await expect(articleRow(page, 'News 2')).toContainText('unread');
  await page.keyboard.press('m');
  await expect.poll(async () => (await articleByTitle(request, user.token, 'News 2')).isRead).toBe(true);

  await page.keyboard.press('l');
  await expect(articleRow(page, 'News 2').getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await articleByTitle(request, user.token, 'News 2')).isLiked).toBe(true);

  const opened = page.waitForEvent('popup');
  await page.keyboard.press('v');
  const popup = await opened;
  await expect(popup).toHaveURL(/^https:\/\/news\.example\.test\/.+\/2$/);
  await popup.close();
  // Screenshots wait for a frame, which a tab left in the background never paints.
  await page.bringToFront();

  // In the reader the keys act on the open article.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
  await page.keyboard.press('l');
  await expect(page.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'Like' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.keyboard.press('m');
  await expect.poll(async () => (await articleByTitle(request, user.token, 'News 2')).isRead).toBe(false);
  await page.keyboard.press('Escape');

  feedSite.publish(4);
  await page.keyboard.press('r');
  await expect(toast(page, /new article/)).toBeVisible();
  await expect(articleRows(page)).toHaveCount(4);

  // Keys typed into a field stay in it. / opens the command palette, whose 'Search Articles' focuses the field.
  await page.keyboard.press('/');
  await page.getByPlaceholder('Search commands...').fill('Search Articles');
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await expect(search).toBeFocused();
  await page.keyboard.type('r?m');
  await expect(search).toHaveValue('r?m');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();

  // From a screen without a search field, 'Search Shared Articles' goes to the article list's.
  await mainNav(page).getByRole('link', { name: 'Shared' }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await page.keyboard.press('/');
  await page.getByPlaceholder('Search commands...').fill('Search Shared');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const key of ['j', 'k', 'Enter', 'Esc', 'm', 'l', 's', 'v', 'r', '/', '?'])
    await expect(dialog.getByRole('term').getByText(key, { exact: true })).toBeVisible();
  await expectAccessible(page, 'shortcuts dialog');
  await saveScreenshot(page, testInfo, 'shortcuts-dialog');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'shortcuts dialog (dark)');
  await saveScreenshot(page, testInfo, 'shortcuts-dialog-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('every screen names itself in the document title', async ({ page, request, feedSite }) => {
  const user = await newsReader(request, feedSite, 1, 'titled');
  const article = await articleByTitle(request, user.token, 'News 1');
  await signIn(page, user.username, user.password);
  const titles: [string, string | RegExp][] = [
    ['/shares', 'Shared · Tidings'],
    ['/articles?filter=unread', 'Unread · Tidings'],
    ['/articles?filter=all', 'All articles · Tidings'],
    ['/articles?filter=liked', 'Liked · Tidings'],
    ['/articles?filter=all&q=news', '“news” · All articles · Tidings'],
    [`/article/${encodeURIComponent(article.id)}`, 'News 1 · Tidings'],
    ['/users', 'Users · Tidings'],
    [`/user/${encodeURIComponent(await apiViewerId(request, user.token))}`, `${user.displayName} · Tidings`],
    ['/settings', 'Account Settings · Tidings'],
    ['/discover', 'Discover Feeds · Tidings'],
    ['/digest', 'Weekly Digest · Tidings'],
    ['/export', 'Export · Tidings'],
    ['/nowhere', 'Page not found · Tidings'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await sidebar(page).getByRole('link', { name: FEED_TITLES.news }).click();
  await expect(page).toHaveTitle(`${FEED_TITLES.news} · All articles · Tidings`);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveTitle('Welcome back · Tidings');
});

test('an article opens by its REST id and by its global id, at one address', async ({ page, request, feedSite }) => {
  const user = await newsReader(request, feedSite, 1, 'ids');
  const { id: globalId } = await articleByTitle(request, user.token, 'News 1');
  const restId = Buffer.from(globalId, 'base64')
    .toString()
    .replace(/^Article:/, '');
  const rest = await request.get(`/api/articles/${restId}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect((await rest.json()).article.title).toBe('News 1');
  const byGlobal = await request.get(`/api/articles/${encodeURIComponent(globalId)}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect((await byGlobal.json()).article).toMatchObject({ id: restId, title: 'News 1' });

  await signIn(page, user.username, user.password);
  for (const id of [restId, globalId]) {
    await page.goto(`/article/${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'News 1' })).toBeVisible();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/article/${globalId}`);
  }
});
