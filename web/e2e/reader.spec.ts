import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe, FEED_TITLES } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { expect, RICH_ARTICLE, serveArticleImages, test } from './richArticle.ts';
import { graphql, registerUser } from './users.ts';

type ArticleState = { id: string; title: string; isRead: boolean; isLiked: boolean; counts: { likes: number } };

/** The user's articles of every feed, newest first, as the API has them. */
async function articlesOf(request: APIRequestContext, token: string): Promise<ArticleState[]> {
  const { articles } = await graphql<{ articles: { edges: { node: ArticleState }[] } }>(
    request,
    'query { articles(filter: ALL, first: 50) { edges { node { id title isRead isLiked counts { likes } } } } }',
    {},
    token,
  );
  return articles.edges.map(({ node }) => node);
}

async function articleState(request: APIRequestContext, token: string, id: string): Promise<ArticleState> {
  const { article } = await graphql<{ article: ArticleState }>(
    request,
    'query ($id: ID!) { article(id: $id) { id title isRead isLiked counts { likes } } }',
    { id },
    token,
  );
  return article;
}

const position = (page: Page) => page.getByTestId('reader-position');

test('opened by its address, an article is marked read, can be liked, and links open in a new tab', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await registerUser(request, 'reader');
  feedSite.publish(3);
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  const [newest] = await articlesOf(request, user.token);
  expect(newest).toMatchObject({ title: 'News 3', isRead: false, isLiked: false });

  await signIn(page, user.username, user.password);
  // The first load is held back a moment to see the skeleton that stands in for the article meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'readerQuery') await held;
    await route.fallback();
  });
  await page.goto(`/article/${newest!.id}`);
  await expect(page.getByRole('status', { name: 'Loading article' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'reader-loading');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'News 3' })).toBeVisible();
  await expect.poll(async () => (await articleState(request, user.token, newest!.id)).isRead).toBe(true);

  const itemLink = /^https:\/\/news\.example\.test\/.+\/3$/;
  const title = page.getByRole('link', { name: 'News 3', exact: true });
  await expect(title).toHaveAttribute('href', itemLink);
  const original = page.getByRole('link', { name: 'Open the original article' });
  await expect(original).toHaveAttribute('href', itemLink);
  for (const link of [title, original]) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(page.getByRole('main').getByRole('link', { name: FEED_TITLES.news })).toHaveAttribute(
    'href',
    /\/articles\?feed=[^&]+&filter=all$/,
  );
  const time = page.locator('article time');
  await expect(time).toHaveAttribute('dateTime', '2024-01-03T00:00:00.000Z');
  await expect(time).toHaveText(/ago$/);
  await expect(time).toHaveAttribute('title', /2024/);
  await expect(page.getByRole('button', { name: 'Share' })).toBeEnabled();
  await expect(position(page)).toBeHidden(); // opened directly: no list to step through

  // Liking: the toggle is named for what a press does, pressed while liked, with everyone's like count beside it.
  const actions = page.getByRole('group', { name: 'Article actions' });
  await expect(actions.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  await expect(actions).not.toContainText('likes'); // a zero count is left out
  await actions.getByRole('button', { name: 'Like' }).click();
  await expect(actions.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(actions).toContainText('1 like');
  await expect.poll(async () => (await articleState(request, user.token, newest!.id)).isLiked).toBe(true);
  await page.reload();
  await expect(actions.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(actions).toContainText('1 like');
  await expectAccessible(page, 'reader');
  await saveScreenshot(page, testInfo, 'reader-short');

  await actions.getByRole('button', { name: 'Unlike' }).click();
  await expect(actions).not.toContainText('like');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/articles$/);
});

test('opened from the list, the reader steps through it with the arrows and j/k, and Escape returns to it', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await registerUser(request, 'stepper');
  feedSite.publish(4);
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await page.getByRole('link', { name: 'News 4', exact: true }).click();

  const heading = page.getByRole('heading', { level: 1 });
  const previous = page.getByRole('navigation', { name: 'Reader' }).getByRole('button', { name: 'Previous article' });
  await expect(heading).toHaveText('News 4');
  await expect(position(page)).toHaveText('1/4');
  await expect(previous).toBeDisabled();
  await page.getByRole('link', { name: 'Next article' }).click();
  await expect(heading).toHaveText('News 3');
  await expect(position(page)).toHaveText('2/4');
  await page.keyboard.press('j');
  await expect(heading).toHaveText('News 2');
  await page.keyboard.press('j');
  await expect(heading).toHaveText('News 1');
  await expect(position(page)).toHaveText('4/4');
  await expect(page.getByRole('button', { name: 'Next article' })).toBeDisabled();
  await page.keyboard.press('j'); // nothing after the last
  await expect(heading).toHaveText('News 1');
  await page.keyboard.press('k');
  await expect(heading).toHaveText('News 2');
  await page.getByRole('link', { name: 'Previous article' }).click();
  await expect(heading).toHaveText('News 3');
  await expect(position(page)).toHaveText('2/4');
  await expectAccessible(page, 'reader in a list');
  await saveScreenshot(page, testInfo, 'reader-in-list');

  const articles = await articlesOf(request, user.token);
  expect(articles.map(({ title, isRead }) => [title, isRead])).toEqual([
    ['News 4', true],
    ['News 3', true],
    ['News 2', true],
    ['News 1', true],
  ]);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/articles\?filter=all$/);
  await expect(page.getByRole('link', { name: 'News 4', exact: true })).toBeVisible();
});

test("next after the last loaded article loads the list's next page and moves on", async ({ page, request, feedSite }) => {
  test.slow(); // a dozen articles opened one after another
  const user = await registerUser(request, 'pager');
  feedSite.publish(32); // more than the list's first page of 30: News 32 (first) to News 3 (30th) are loaded
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  await signIn(page, user.username, user.password, '/articles?filter=all');
  // The 18th row: far enough from the end that the list itself has not loaded its next page yet.
  await page.getByRole('link', { name: 'News 15', exact: true }).click();
  await expect(position(page)).toHaveText('18/32');
  for (let n = 19; n <= 30; n++) {
    await page.keyboard.press('j');
    await expect(position(page)).toHaveText(`${n}/32`);
  }
  const nextPage = page.waitForRequest((request) =>
    Boolean(request.url().endsWith('/graphql') && request.postDataJSON()?.variables?.after),
  );
  await page.keyboard.press('j');
  await nextPage;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News 2');
  await expect(position(page)).toHaveText('31/32');
  await page.getByRole('link', { name: 'Next article' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News 1');
  await expect(position(page)).toHaveText('32/32');
});

test('rich article HTML renders safely inside the reading column', async ({ page, request, richFeedUrl }, testInfo) => {
  const user = await registerUser(request, 'rich');
  await apiSubscribe(request, user.token, richFeedUrl);
  const [article] = await articlesOf(request, user.token);
  await serveArticleImages(page);
  await signIn(page, user.username, user.password, `/article/${article!.id}`);

  await expect(page.getByRole('heading', { level: 1, name: RICH_ARTICLE.title })).toBeVisible();
  await expect(page.getByText(`by ${RICH_ARTICLE.author}`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: RICH_ARTICLE.feedTitle })).toBeVisible();
  const content = page.locator('.article-content');
  const image = content.getByRole('button', { name: 'The orchard in May, from the gate (open full size)' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(3000);

  // Nothing widens the page: the image scales down, the code block scrolls inside itself, long words wrap.
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
  const column = (await content.boundingBox())!;
  // The reading area (1,016 px beside the sidebar) is wide enough for the figure to take 6rem more on each side.
  const picture = (await image.boundingBox())!;
  expect(picture.width).toBe(column.width + 2 * 96);
  expect(Math.abs(picture.x + picture.width / 2 - (column.x + column.width / 2))).toBeLessThan(1);
  const code = content.locator('pre');
  await expect(code).toContainText(RICH_ARTICLE.codeLine);
  expect(await code.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true);
  await expect(code).toHaveAttribute('tabindex', '0'); // scrollable from the keyboard too
  expect((await code.boundingBox())!.width).toBeLessThanOrEqual(column.width);
  const table = content.locator('table');
  expect((await table.boundingBox())!.width).toBeLessThanOrEqual(column.width);
  const longWords = content.getByText(RICH_ARTICLE.longWord, { exact: false });
  expect(await longWords.evaluate((paragraph) => paragraph.scrollWidth <= paragraph.clientWidth)).toBe(true);

  // Links leave for a new tab; what the sanitiser removed never ran.
  const links = content.locator('a[href]');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAttribute('target', '_blank');
  await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(content.getByText('A link that must not run')).toBeVisible();
  await expect(content.locator('script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __readerXss?: string }).__readerXss)).toBeUndefined();

  await expectAccessible(page, 'reader with rich content');
  await saveScreenshot(page, testInfo, 'reader-rich');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'reader with rich content, dark');
  await saveScreenshot(page, testInfo, 'reader-rich-dark');
});

test('an unknown article shows "Article not found" with a way back to the list', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'lost');
  await signIn(page, user.username, user.password);
  // A well-formed id (base64 of the type and a UUIDv7) that no article has.
  const unknown = Buffer.from('Article:01900000-0000-7000-8000-000000000000').toString('base64');
  await page.goto(`/article/${unknown}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  await expectAccessible(page, 'article not found');
  await saveScreenshot(page, testInfo, 'reader-not-found');
  await page.getByRole('link', { name: 'Back to Articles' }).click();
  await expect(page).toHaveURL(/\/articles$/);

  // A mangled address (the server refuses it as no article id at all), and a user's id in an article's address.
  for (const mangled of ['not-an-id', Buffer.from('User:01900000-0000-7000-8000-000000000000').toString('base64')]) {
    await page.goto(`/article/${encodeURIComponent(mangled)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load article' })).toHaveCount(0);
  }
});

test("a failed load says 'Failed to load article' in place, once, with Try again", async ({ page, request, feedSite }) => {
  const user = await registerUser(request, 'offline');
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  const [article] = await articlesOf(request, user.token);
  await signIn(page, user.username, user.password);
  await page.route('**/graphql', (route) =>
    route.request().postDataJSON()?.operationName === 'readerQuery' ? route.fulfill({ status: 500, body: 'down' }) : route.fallback(),
  );
  await page.goto(`/article/${article!.id}`);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Failed to load article');
  await expect(toast(page, 'Failed to load article')).toHaveCount(0);
  await expect(page).toHaveURL(/\/article\//);
});
