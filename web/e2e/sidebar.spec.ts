import type { Page } from '@playwright/test';
import { articleRow, newsReader } from './articleList.ts';
import { apiSubscribe, expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, liveSubscription, saveScreenshot, signIn, toast } from './page.ts';
import { graphql, registerUser } from './users.ts';

// Unread counts in the sidebar (the drawer on a phone), kept right as articles are read and live in the
// user's other tabs; a failing feed's error, last success and Retry; refresh-all's report of failing feeds.

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** Feeds & Folders as the layout shows it: the sidebar, or the drawer opened for it on a phone. */
async function feedsPanel(page: Page) {
  if (!isPhone(page)) return page.getByRole('complementary', { name: 'Sidebar' });
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  // A tap while a confirmation dialog is still closing does not reach the page: tap again, as a person would. The
  // drawer's code may still be loading from a tap just before (or the toast's Show): a tap covered by it is given up.
  await expect(async () => {
    // A toast under the pointer stays (the toaster pauses while hovered) and covers the button: move away, let it go.
    await page.mouse.move(0, page.viewportSize()!.height - 1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 5_000 });
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 2_000 });
    await expect(drawer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  return drawer;
}

async function closePanel(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Close menu' }).click();
}

/** The unread count at the end of a feed's or folder's row (a folder's link also says how many feeds); absent at 0. */
function countOf(panel: Awaited<ReturnType<typeof feedsPanel>>, name: string) {
  return panel
    .getByRole('link', { name: new RegExp(`^${name}( \\d+ feeds?)?$`) })
    .locator('xpath=..')
    .getByTestId('unread-count');
}

test(
  'unread counts go down as articles are read and marked all read, in this tab and live in another',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    const user = await newsReader(request, feedSite, 5, 'counts');
    const { createFolder } = await graphql<{ createFolder: { id: string } }>(
      request,
      'mutation { createFolder(input: { name: "Daily" }) { ... on Folder { id } } }',
      {},
      user.token,
    );
    const { feedSubscriptions } = await graphql<{ feedSubscriptions: { id: string }[] }>(
      request,
      '{ feedSubscriptions { id } }',
      {},
      user.token,
    );
    await graphql(
      request,
      'mutation ($f: ID!, $s: ID!) { moveSubscriptionToFolder(folderId: $f, subscriptionId: $s) { __typename } }',
      { f: createFolder.id, s: feedSubscriptions[0]!.id },
      user.token,
    );
    await apiSubscribe(request, user.token, feedSite.url('rss.xml'));
    const errors: string[] = [];
    // The fixture feeds' pictures (cdn.example.com) do not load here; any other console error is a fault.
    page.on(
      'console',
      (message) =>
        void (message.type() === 'error' && !message.text().startsWith('Failed to load resource') && errors.push(message.text())),
    );

    await signIn(page, user.username, user.password, '/articles');
    let panel = await feedsPanel(page);
    await expect(countOf(panel, FEED_TITLES.news)).toHaveText('5 unread');
    await expect(countOf(panel, 'Daily')).toHaveText('5 unread');
    await expect(panel.getByRole('link', { name: /^Daily/ })).toContainText('1 feed');
    await expectAccessible(page, 'feeds with unread counts');
    await saveScreenshot(page, testInfo, 'sidebar-counts');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'feeds with unread counts (dark)');
    await saveScreenshot(page, testInfo, 'sidebar-counts-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await closePanel(page);

    // Another tab of the same user: its counts follow this tab's reading without a reload.
    const other = await page.context().newPage();
    // Its socket opens after the first screen: the reading below must not happen before it listens.
    const listening = liveSubscription(other, 'unreadCountsChanged');
    await other.goto('/articles');
    const otherPanel = await feedsPanel(other);
    await expect(countOf(otherPanel, FEED_TITLES.news)).toHaveText('5 unread');
    await listening;

    await articleRow(page, 'News 5').getByRole('link', { name: 'News 5', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News 5' })).toBeVisible();
    panel = await feedsPanel(page);
    await expect(countOf(panel, FEED_TITLES.news)).toHaveText('4 unread');
    await expect(countOf(panel, 'Daily')).toHaveText('4 unread');
    await expect(countOf(otherPanel, FEED_TITLES.news)).toHaveText('4 unread');
    await expect(countOf(otherPanel, 'Daily')).toHaveText('4 unread');
    await closePanel(page);

    await page.goto('/articles');
    await page.getByRole('button', { name: 'Mark All as Read' }).click();
    await page.getByRole('alertdialog', { name: 'Mark all as read?' }).getByRole('button', { name: 'Mark all as read' }).click();
    await expect(toast(page, /^Marked \d+ articles as read/)).toBeVisible();
    panel = await feedsPanel(page);
    await expect(countOf(panel, FEED_TITLES.news)).toHaveCount(0);
    await expect(countOf(panel, 'Daily')).toHaveCount(0);
    await expect(countOf(otherPanel, FEED_TITLES.news)).toHaveCount(0);
    await expect(countOf(otherPanel, FEED_TITLES.rss)).toHaveCount(0);
    await saveScreenshot(other, testInfo, 'sidebar-counts-all-read');

    // A refresh that finds new articles raises the counts again.
    feedSite.publish(7);
    await closePanel(page);
    await page.getByRole('button', { name: 'Refresh all feeds' }).click();
    await expect(toast(page, 'Found 2 new articles')).toBeVisible();
    await expect(countOf(otherPanel, FEED_TITLES.news)).toHaveText('2 unread');
    expect(errors).toEqual([]);
  },
);

test(
  'a failing feed shows its error, last success and Retry; refresh-all names the failures and filters to them',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    const user = await registerUser(request, 'failing');
    await apiSubscribe(request, user.token, feedSite.url('news.xml'));
    await apiSubscribe(request, user.token, feedSite.url('rss.xml'));
    feedSite.break('news.xml');
    await signIn(page, user.username, user.password, '/articles');

    await page.getByRole('button', { name: 'Refresh all feeds' }).click();
    const report = toast(page, '1 feed failed to refresh');
    await expect(report).toBeVisible();
    await expect(report).toContainText(FEED_TITLES.news);
    await expect(toast(page, 'All feeds are up to date')).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'refresh-all-failed');
    await report.getByRole('button', { name: 'Show' }).click();

    const panel = await feedsPanel(page);
    const failing = panel.getByRole('list', { name: 'Failing feeds' });
    await expect(failing.getByRole('link')).toHaveText([FEED_TITLES.news]);
    await expect(panel.getByRole('link', { name: FEED_TITLES.rss })).toHaveCount(0);
    await expect(failing.getByTestId('feed-error')).toBeVisible();
    await expectAccessible(page, 'failing feeds filter');
    await saveScreenshot(page, testInfo, 'sidebar-failing');

    await panel.getByRole('button', { name: `Actions for ${FEED_TITLES.news}` }).click();
    const menu = page.getByRole('menu');
    const note = menu.getByTestId('feed-health');
    await expect(note).toContainText('500');
    await expect(note).toContainText(/Last updated .+ ago/);
    await saveScreenshot(page, testInfo, 'sidebar-failing-menu');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'failing feed menu (dark)');
    await saveScreenshot(page, testInfo, 'sidebar-failing-menu-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await menu.getByRole('menuitem', { name: 'Retry' }).click();
    await expect(toast(page, /^Still failing: .*500/)).toBeVisible();

    // A server that asks to wait (429 with Retry-After) is left alone until then, and the feed says when.
    feedSite.limit('news.xml', 600);
    await panel.getByRole('button', { name: `Actions for ${FEED_TITLES.news}` }).click();
    await menu.getByRole('menuitem', { name: 'Retry' }).click();
    await expect(toast(page, 'The feed asked us to wait: next try in 10 minutes')).toBeVisible();
    await panel.getByRole('button', { name: `Actions for ${FEED_TITLES.news}` }).click();
    await expect(note).toContainText('429');
    await expect(note).toContainText('The feed asked us to wait: next try in 10 minutes');
    await saveScreenshot(page, testInfo, 'sidebar-failing-retry-after');
    await page.keyboard.press('Escape');

    await panel.getByRole('button', { name: 'Show all' }).click();
    await expect(panel.getByRole('link', { name: FEED_TITLES.rss })).toBeVisible();
    await expect(panel.getByRole('list', { name: 'Failing feeds' })).toHaveCount(0);
  },
);
