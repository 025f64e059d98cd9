import type { Page } from '@playwright/test';
import { articleRow } from './articleList.ts';
import { apiSubscribe, expect, FEED_TITLES, STORIES, STORY_IMAGE_HOST, test, type FeedSite } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

const [story1, story2, paywalled] = STORIES;

/** A reader of the excerpt feed, signed in, its pictures answered in the browser (nothing leaves the machine). */
async function excerptReader(page: Page, feedSite: FeedSite, prefix: string) {
  const user = await registerUser(page.request, prefix);
  await apiSubscribe(page.request, user.token, feedSite.url('excerpts.xml'));
  await page.route(`${STORY_IMAGE_HOST}/**`, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#588b8b"/><path d="M0 620 L300 560 L700 600 L1200 540 L1200 800 L0 800 Z" fill="#1d3557"/></svg>',
    }),
  );
  await signIn(page, user.username, user.password);
  return user;
}

/** Opens a story from the list of all articles. */
async function openStory(page: Page, title: string) {
  await page.goto('/articles');
  await articleRow(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const content = (page: Page) => page.locator('.article-content');
const articleActions = (page: Page) => page.getByRole('group', { name: 'Article actions' });

/** Nothing is wider than the window. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('the full article of an excerpt: loaded with f, the feed’s version and back, a paywall’s reason, always shown for a feed', async ({
  page,
  feedSite,
}, testInfo) => {
  await excerptReader(page, feedSite, 'fulltext');

  // The sidebar's menu of a feed that sends excerpts offers its full articles, and says why.
  await page.goto('/articles');
  const feedRow = page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('list', { name: 'Feeds' })
    .getByRole('listitem')
    .filter({ hasText: FEED_TITLES.excerpts });
  await feedRow.getByRole('button', { name: `Actions for ${FEED_TITLES.excerpts}` }).click();
  const always = page.getByRole('menuitemcheckbox', { name: /^Always show the full article/ });
  await expect(always).toHaveAttribute('aria-checked', 'false');
  await expect(always).toContainText('This feed sends excerpts');
  await expect(page.getByRole('menuitem', { name: 'Full-article settings…' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'fulltext-feed-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  // f reads the page: the article alone, without the site's navigation, its picture and its wide table in the column.
  await openStory(page, story1.title);
  await expect(content(page)).toContainText(story1.teaser);
  await page.keyboard.press('f');
  const banner = page.getByText('Full article from 127.0.0.1');
  await expect(banner).toBeVisible();
  await expect(content(page)).toContainText(story1.fullSentence);
  await expect(content(page)).not.toContainText('Subscribe to our newsletter');
  await expect(content(page).getByRole('button', { name: 'Boats in the harbour at dawn (open full size)' })).toBeVisible();
  const table = content(page).locator('table');
  await expect(table).toHaveAttribute('tabindex', '0'); // wider than the column: it scrolls, from the keyboard too
  expect((await table.boundingBox())!.width).toBeLessThanOrEqual((await content(page).boundingBox())!.width);
  await expectNoSideways(page);
  await expect(articleActions(page).getByRole('button', { name: 'Load full article' })).toHaveCount(0);
  await expectAccessible(page, 'the reader with a full article');
  await saveScreenshot(page, testInfo, 'fulltext-reader');

  // The feed's version and back, by the line's button and by f.
  await page.getByRole('button', { name: 'Show the feed’s version' }).click();
  await expect(content(page)).toContainText(story1.teaser);
  await expect(page.getByText('The feed’s version', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show the full article' }).click();
  await expect(content(page)).toContainText(story1.fullSentence);
  await page.keyboard.press('f');
  await expect(content(page)).toContainText(story1.teaser);
  await page.keyboard.press('f');
  await expect(banner).toBeVisible();

  // A paywalled page: the reason above the feed's content, which stays.
  await openStory(page, paywalled.title);
  await articleActions(page).getByRole('button', { name: 'Load full article' }).click();
  await expect(page.getByText(/^Could not load the full article: .*403/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(content(page)).toContainText(paywalled.teaser);

  // Always show the full article, from the reader's menu: another story comes in full without asking.
  await articleActions(page).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitemcheckbox', { name: /^Always show the full article/ }).click();
  await expect(toast(page, `“${FEED_TITLES.excerpts}” now shows the full article, read from its page`)).toBeVisible();
  await openStory(page, story2.title);
  await expect(content(page)).toContainText(story2.fullSentence, { timeout: 15_000 });
  await expect(page.getByText('Full article from 127.0.0.1')).toBeVisible();

  // Its settings: on, the site rules, and how far the recent articles have been read.
  await feedRow.getByRole('button', { name: `Actions for ${FEED_TITLES.excerpts}` }).click();
  await page.getByRole('menuitem', { name: 'Full-article settings…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Full-article settings' });
  await expect(dialog.getByRole('checkbox', { name: /Always show the full article/ })).toBeChecked();
  await expect(dialog.getByText(/^\d+ recent articles read( · \d+ to go)? · 1 failed$/)).toBeVisible();
  await dialog.getByRole('textbox', { name: /Content selector/ }).fill('[[');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/“\[\[” is not a CSS selector/)).toBeVisible();
  await saveScreenshot(page, testInfo, 'fulltext-settings', { fullPage: false });
});

test('the reader’s full article and its failure line fit the window', { tag: '@layout' }, async ({ page, feedSite }, testInfo) => {
  await excerptReader(page, feedSite, 'fulltextlayout');
  await openStory(page, story1.title);
  await articleActions(page).getByRole('button', { name: 'Load full article' }).click();
  await expect(content(page)).toContainText(story1.fullSentence);
  await expect(page.getByText('Full article from 127.0.0.1')).toBeVisible();
  await expectNoSideways(page);
  await saveScreenshot(page, testInfo, 'fulltext-article', { fullPage: false });

  await openStory(page, paywalled.title);
  await articleActions(page).getByRole('button', { name: 'Load full article' }).click();
  await expect(page.getByText(/^Could not load the full article: /)).toBeVisible();
  // The bar holds its nine controls, “Load full article” among them, within the window.
  await expect(articleActions(page).getByRole('button', { name: 'More actions' })).toBeInViewport({ ratio: 1 });
  await expectNoSideways(page);
  await saveScreenshot(page, testInfo, 'fulltext-failed', { fullPage: false });
});
