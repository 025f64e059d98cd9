import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { expect, RICH_ARTICLE, serveArticleImages, test } from './richArticle.ts';
import { graphql, registerUser } from './users.ts';

const PASSAGE = 'Prune on a dry day once the leaves are down.';
const SECOND_PASSAGE = 'The best time to plant a tree was twenty years ago.';
const NOTE = 'Wait for a dry week in November.';

/** A reader of the rich article, signed in, on its page. */
async function openRichArticle(page: Page, request: APIRequestContext, richFeedUrl: string, prefix: string) {
  const user = await registerUser(request, prefix);
  await apiSubscribe(request, user.token, richFeedUrl);
  const { articles } = await graphql<{ articles: { edges: { node: { id: string } }[] } }>(
    request,
    'query { articles(filter: ALL, first: 1) { edges { node { id } } } }',
    {},
    user.token,
  );
  await serveArticleImages(page);
  await signIn(page, user.username, user.password, `/article/${articles.edges[0]!.node.id}`);
  await expect(page.getByRole('heading', { level: 1, name: RICH_ARTICLE.title })).toBeVisible();
}

/** Selects `passage` in the article as a reader's drag would (the page's own Selection). */
async function select(page: Page, passage: string) {
  await page.locator('.article-content').evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const index = (node as Text).data.indexOf(text);
      if (index < 0) continue;
      node.parentElement!.scrollIntoView({ block: 'center' });
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + text.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      return;
    }
    throw new Error(`not in the article: ${text}`);
  }, passage);
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const mark = (page: Page) => page.locator('.article-content mark.tidings-highlight');

test('a passage highlighted with a note: drawn again on the next visit, listed on the Highlights screen, exported', async ({
  page,
  request,
  richFeedUrl,
}) => {
  await openRichArticle(page, request, richFeedUrl, 'highlight');
  await select(page, PASSAGE);
  await toolbar(page).getByRole('button', { name: 'Highlight with note' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill(NOTE);
  await page.getByRole('dialog', { name: 'Highlight with note' }).getByRole('button', { name: 'Highlight' }).click();
  await expect(toast(page, 'Highlighted')).toBeVisible();
  await expect(mark(page)).toHaveText([PASSAGE]);

  // Drawn again on the next visit; a click shows its note.
  await page.reload();
  await expect(mark(page)).toHaveText([PASSAGE]);
  await mark(page).click();
  await expect(page.getByRole('dialog', { name: 'Highlight' })).toContainText(NOTE);

  await page.goto('/highlights');
  const list = page.getByRole('list', { name: 'Highlights by article' });
  await expect(list.getByRole('link', { name: RICH_ARTICLE.title })).toBeVisible();
  await expect(list.getByRole('blockquote')).toHaveText([PASSAGE]);
  await expect(list).toContainText(NOTE);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Markdown' }).click();
  const file = await (await download).path();
  expect(await readFile(file, 'utf8')).toContain(PASSAGE);
});

test(
  'the selection toolbar and the Highlights screen fit the window',
  { tag: '@layout' },
  async ({ page, request, richFeedUrl }, testInfo) => {
    await openRichArticle(page, request, richFeedUrl, 'highlight-layout');
    await select(page, PASSAGE);
    await toolbar(page).getByRole('button', { name: 'Highlight', exact: true }).click();
    await expect(mark(page)).toHaveText([PASSAGE]);

    // A second selection brings the toolbar up again: above the passage on a wide screen, below it on a phone, where
    // the phone's own selection menu sits above.
    await select(page, SECOND_PASSAGE);
    await expect(toolbar(page)).toBeVisible();
    const passage = await page.locator('.article-content blockquote').boundingBox();
    const bar = await toolbar(page).boundingBox();
    if (testInfo.project.name === 'mobile') expect(bar!.y).toBeGreaterThan(passage!.y);
    else expect(bar!.y + bar!.height).toBeLessThanOrEqual(passage!.y + 4);
    expect(bar!.x).toBeGreaterThanOrEqual(0);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await saveScreenshot(page, testInfo, 'highlights-reader', { fullPage: false });
    await expectAccessible(page, 'the reader with a highlight and the selection toolbar');

    await page.goto('/highlights');
    await expect(page.getByRole('list', { name: 'Highlights by article' }).getByRole('blockquote')).toHaveText([PASSAGE]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, testInfo, 'highlights-screen', { fullPage: false });
    await expectAccessible(page, 'the Highlights screen');
  },
);
