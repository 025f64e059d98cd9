import type { Page, TestInfo } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { articleRows, newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { apiViewerId } from './social.ts';
import { graphql } from './users.ts';

const OFFLINE = "Can't reach Tidings. Check your connection and try again.";
const SERVER = 'Tidings ran into a problem on its side. Try again in a moment.';

/** Makes the screen's own query fail, as a lost connection (abort) or a failing server (500). */
async function failQuery(page: Page, operationName: string, how: 'abort' | 500) {
  await page.route('**/graphql', (route) => {
    if (route.request().postDataJSON()?.operationName !== operationName) return route.fallback();
    return how === 'abort' ? route.abort('internetdisconnected') : route.fulfill({ status: 500, body: 'down' });
  });
}

/** One message on screen: the inline one, and no toast beside it. */
async function expectOneMessage(page: Page, title: string, reason: string) {
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { name: title })).toBeVisible();
  await expect(alert).toContainText(reason);
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

async function lightAndDark(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, name);
  await saveScreenshot(page, testInfo, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a lost connection or a failing server is said once, in plain words, with Try again', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 2, 'offline');
  const { articles } = await graphql<{ articles: { edges: { node: { id: string } }[] } }>(
    request,
    'query { articles(filter: ALL, first: 5) { edges { node { id } } } }',
    {},
    user.token,
  );
  const articleId = articles.edges[0]!.node.id;
  await signIn(page, user.username, user.password);

  await failQuery(page, 'loadArticlesQuery', 'abort');
  await page.goto('/articles');
  await expectOneMessage(page, 'Failed to load articles', OFFLINE);
  await expect(page).toHaveTitle('Failed to load articles · Tidings');
  await lightAndDark(page, testInfo, 'load-error-offline');
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(articleRows(page)).toHaveCount(2);

  await failQuery(page, 'readerQuery', 500);
  await page.goto(`/article/${encodeURIComponent(articleId)}`);
  await expectOneMessage(page, 'Failed to load article', SERVER);
  await expect(page).toHaveURL(/\/article\//);
  await page.unroute('**/graphql');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^News / })).toBeVisible();

  await failQuery(page, 'sharesQuery', 'abort');
  await page.goto('/shares');
  await expectOneMessage(page, 'Failed to load shared articles', OFFLINE);
  await page.unroute('**/graphql');

  await failQuery(page, 'profileQuery', 'abort');
  await page.goto(`/user/${encodeURIComponent(await apiViewerId(request, user.token))}`);
  await expectOneMessage(page, 'Failed to load user shares', OFFLINE);
  await page.unroute('**/graphql');

  await failQuery(page, 'usersQuery', 'abort');
  await page.goto('/users');
  await expectOneMessage(page, 'Failed to load users', OFFLINE);
  await page.unroute('**/graphql');
});

test('offline, the app says so, and a screen that could not load loads again by itself once the connection is back', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 2, 'reconnect');
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await expect(articleRows(page)).toHaveCount(2);
  const feedLink = page.getByRole('link', { name: 'Fixture News' }).first();
  await expect(feedLink).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'You’re offline' });
  await expect(notice).toHaveCount(0);

  await page.context().setOffline(true);
  await expect(notice).toBeVisible();
  // The list of one feed: the screen's code is loaded, its articles are not.
  await feedLink.click();
  await expectOneMessage(page, 'Failed to load articles', OFFLINE);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('It loads again by itself once you are back online.');
  await saveScreenshot(page, testInfo, 'offline');

  await page.context().setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(articleRows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/feed=/);
});

test('offline while the app still loads its code, it stays, and loads the rest once the connection is back', async ({
  page,
  request,
  feedSite,
}) => {
  const user = await newsReader(request, feedSite, 2, 'early');
  // The chunk of the toasts, which the sidebar's list needs too: held until the browser is offline, then failed.
  const assets = new URL('../dist/assets/', import.meta.url);
  const chunk = readdirSync(assets).find(
    (file) => file.endsWith('.js') && readFileSync(new URL(file, assets), 'utf8').includes('data-sonner-toaster'),
  );
  expect(chunk).toBeDefined();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/assets/${chunk}`, async (route) => {
    await held;
    await route.abort('internetdisconnected');
  });
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await expect(articleRows(page)).toHaveCount(2);
  await page.context().setOffline(true);
  release();
  // The list stays (the page went blank: the toasts' failed load unmounted the whole app).
  await expect(page.getByRole('status').filter({ hasText: 'You’re offline' })).toBeVisible();
  await expect(articleRows(page)).toHaveCount(2);
  await page.unroute(`**/assets/${chunk}`);
  await page.context().setOffline(false);
  await expect(page.getByRole('link', { name: 'Fixture News' }).first()).toBeVisible();
  await expect(articleRows(page)).toHaveCount(2);
});
