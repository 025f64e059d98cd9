import { articleRow, articleRows, countLine, newsReader } from './articleList.ts';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast, untilLive } from './page.ts';

const selected = (page: import('@playwright/test').Page) => page.locator('article[aria-current="true"]');

test('reads the list with j, k, Enter and Escape; a held selection marks the article read', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 5, 'keys');
  await page.clock.install(); // the page's timers, so the dwell can be held still below
  await signIn(page, user.username, user.password, '/articles');
  await expect(countLine(page)).toHaveText('5 unread articles');
  await expect(articleRows(page)).toHaveCount(5);
  await untilLive(page);
  // Keys typed into the search field, and Escape clearing the selection, are component tests (ArticleList.test.tsx).

  // j, j, k within the dwell: only where the selection rests is marked read. The page's clock stands still
  // while the keys are pressed (a busy machine can take longer than the dwell between two presses), then runs on.
  await page.clock.pauseAt(Date.now() + 2_000);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(selected(page)).toHaveAccessibleName('News 5');
  await page.clock.runFor(600);
  await page.clock.resume();
  await expect(countLine(page)).toHaveText('4 unread articles');
  await expect(articleRow(page, 'News 5')).not.toContainText('unread');
  await expect(articleRow(page, 'News 4')).toContainText('unread');
  await expectAccessible(page, 'keyboard selection');
  await saveScreenshot(page, testInfo, 'articles-keyboard');

  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAccessibleName('News 4');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/article\/[^/]+$/);
  await page.goBack(); // at once: the list loaded on the way back is read after the read is written
  await expect(countLine(page)).toHaveText('3 unread articles');
});

test('j at the last loaded row loads the next page', async ({ page, request, feedSite }) => {
  const user = await newsReader(request, feedSite, 35, 'pager');
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await expect(articleRows(page)).toHaveCount(30);
  await untilLive(page);
  for (let i = 0; i < 30; i++) await page.keyboard.press('j');
  await expect(selected(page)).toHaveAccessibleName('News 6');
  await expect(articleRows(page)).toHaveCount(35);
  await page.keyboard.press('j');
  await expect(selected(page)).toHaveAccessibleName('News 5');
  await expect(selected(page)).toBeInViewport();
});

test('the reader steps past the last loaded article: the list loads its next page for it', async ({ page, request, feedSite }) => {
  const user = await newsReader(request, feedSite, 35, 'stepper');
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await expect(articleRows(page)).toHaveCount(30);
  // Opened without scrolling to it, so the list does not load its next page first.
  await articleRow(page, 'News 6').getByRole('link', { name: 'News 6' }).dispatchEvent('click');
  await expect(page.getByRole('heading', { level: 1, name: 'News 6' })).toBeVisible();
  await expect(page.getByText('30/35')).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('heading', { level: 1, name: 'News 5' })).toBeVisible();
  await expect(page.getByText('31/35')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/articles\?filter=all$/);
  await expect(articleRows(page)).toHaveCount(35);
});

test('a feed chosen in the sidebar limits the list, and the Articles link comes back to it', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 3, 'scoped');
  await signIn(page, user.username, user.password);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('link', { name: FEED_TITLES.news }).click();
  await expect(page).toHaveURL(/\/articles\?feed=[^&]+&filter=all$/);
  await expect(page.getByRole('heading', { level: 1, name: FEED_TITLES.news })).toBeVisible();
  await expect(countLine(page)).toHaveText('3 articles');
  await page.getByRole('group', { name: 'Show articles' }).getByRole('button', { name: 'Unread' }).click();
  await page.getByRole('button', { name: 'Mark All as Read' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`“${FEED_TITLES.news}”`);
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'feed articles');
  await saveScreenshot(page, testInfo, 'articles-feed');

  // The Articles link opens the last view; the chip goes back to every feed.
  await page.goto('/shares');
  await sidebar.getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/articles\?.*feed=/);
  await expect(page).toHaveURL(/filter=unread/);
  await expect(page.getByRole('heading', { level: 1, name: FEED_TITLES.news })).toBeVisible();
  await page.getByRole('link', { name: 'Show all feeds' }).click();
  await expect(page).toHaveURL(/\/articles\?filter=unread$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();

  // On the list itself, the Articles link is the default list: unread, every feed.
  await sidebar.getByRole('link', { name: FEED_TITLES.news }).click();
  await expect(page.getByRole('heading', { level: 1, name: FEED_TITLES.news })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
});

test('shows the shape of the list while it loads, and takes in new articles after a refresh of the feeds', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 2, 'waiter');
  await signIn(page, user.username, user.password);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'loadArticlesQuery') await held;
    await route.fallback();
  });
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Articles' }).click();
  await expect(page.getByRole('status', { name: 'Loading articles' })).toBeVisible();
  await expectAccessible(page, 'loading articles');
  await saveScreenshot(page, testInfo, 'articles-loading');
  release();
  await expect(countLine(page)).toHaveText('2 unread articles');

  feedSite.publish(4);
  await page.getByRole('button', { name: 'Refresh all feeds' }).first().click();
  await expect(countLine(page)).toHaveText('4 unread articles');
  await expect(articleRows(page).first()).toHaveAccessibleName('News 4');
});

test('an unknown feed shows the failure and a way back', async ({ page, request, feedSite }, testInfo) => {
  const user = await newsReader(request, feedSite, 1, 'lost');
  await signIn(page, user.username, user.password);
  const unknownFeed = Buffer.from('Feed:01890000-0000-7000-8000-000000000000').toString('base64');
  await page.goto(`/articles?feed=${encodeURIComponent(unknownFeed)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Failed to load articles' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Feed not found');
  await expect(toast(page, 'Failed to load articles')).toHaveCount(0);
  await expectAccessible(page, 'articles failed to load');
  await saveScreenshot(page, testInfo, 'articles-error');
  await page.getByRole('link', { name: 'Show all unread articles' }).click();
  await expect(articleRows(page)).toHaveCount(1);
});

test('on a wide screen the reader opens beside the list, follows clicks and j/k, and Back and Escape work', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const user = await newsReader(request, feedSite, 4, 'panes');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user.username, user.password, '/articles?filter=all');
  await expect(articleRows(page)).toHaveCount(4);
  // This project's pages read on the reader's own page (playwright.config.ts): the switch in the header.
  const layout = page.getByRole('button', { name: 'Reader beside the list' });
  await expect(layout).toHaveAttribute('aria-pressed', 'false');
  await layout.click();
  await expect(layout).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Choose an article, or press j, to read it here.')).toBeVisible();

  const reader = page.getByRole('region', { name: 'Reader' });
  const inList = (title: string) => articleRows(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await inList('News 3').getByRole('link', { name: 'News 3' }).click();
  await expect(page).toHaveURL(/\/articles\?.*article=/);
  await expect(reader.getByRole('heading', { level: 1, name: 'News 3' })).toBeVisible();
  // The list's titles stay in view beside the article's text.
  for (const title of ['News 4', 'News 3', 'News 2', 'News 1']) await expect(inList(title)).toBeInViewport();
  await expect(reader.getByText('Item 3')).toBeInViewport();
  await expect(selected(page)).toHaveAccessibleName('News 3');
  await expectAccessible(page, 'reader beside the list');
  // The window as it is: a full-page capture resizes the page for a moment, narrower than the three panes need.
  await saveScreenshot(page, testInfo, 'three-panes', { fullPage: false });
  // However long the article, the page never scrolls: Space, End and Home page through the reader, even with the focus
  // on the list's link just clicked (a short window makes the article longer than its pane).
  await page.setViewportSize({ width: 1440, height: 480 });
  const scrolled = () =>
    page.evaluate(() => {
      const pane = document.querySelector('[role="region"][aria-label="Reader"]')!;
      return {
        window: window.scrollY,
        pageBeyond: document.documentElement.scrollHeight - innerHeight,
        reader: pane.scrollTop,
        end: pane.scrollHeight - pane.clientHeight,
      };
    });
  await expect.poll(async () => (await scrolled()).pageBeyond).toBeLessThanOrEqual(0);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await scrolled()).reader).toBeGreaterThan(200);
  await page.keyboard.press('End');
  await expect
    .poll(async () => {
      const { reader, end } = await scrolled();
      return reader >= end - 1 && end > 200;
    })
    .toBe(true);
  await page.keyboard.press('Home');
  await expect.poll(async () => (await scrolled()).reader).toBe(0);
  expect((await scrolled()).window).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.keyboard.press('j');
  await expect(reader.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
  await expect(selected(page)).toHaveAccessibleName('News 2');
  await inList('News 1').getByRole('link', { name: 'News 1' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'News 1' })).toBeVisible();
  // Back: the article clicked before (j replaced its entry, as the reader's own page does).
  await page.goBack();
  await expect(reader.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
  // The address names the article: opened as it is, it shows the same.
  await page.reload();
  await expect(reader.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(reader).toHaveCount(0);
  await expect(page).not.toHaveURL(/article=/);

  // Switched back, kept for this device: the reader opens on its own page again.
  await layout.click();
  await page.reload();
  await expect(layout).toHaveAttribute('aria-pressed', 'false');
  await inList('News 4').getByRole('link', { name: 'News 4' }).click();
  await expect(page).toHaveURL(/\/article\/[^/?]+$/);
});
