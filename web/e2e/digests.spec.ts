import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe, expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiArticleIds, apiShare, apiViewerId } from './social.ts';
import { graphql, registerUser } from './users.ts';

const mutate = (request: APIRequestContext, token: string, query: string, variables: object) => graphql(request, query, variables, token);

async function screenshotFromTop(page: Page, testInfo: Parameters<typeof saveScreenshot>[1], name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, testInfo, name);
}

test('the first digest: checklist, generate, read it with its sections, subscribe to a suggestion, then the list and delete', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  // One journey over four screens and two users: long for a busy 2-core machine.
  test.setTimeout(180_000);
  const reader = await registerUser(request, 'digest');
  const friend = await registerUser(request, 'friend');
  await signIn(page, reader.username, reader.password, '/digest');
  await expect(page.getByRole('heading', { name: 'Weekly Digest', level: 1 })).toBeVisible();
  await expect(page.getByText('Digests are generated every Sunday at 6am, and a notification arrives')).toBeVisible();
  const requirements = page.getByRole('list', { name: 'Requirements' });
  await expect(requirements.getByRole('listitem')).toHaveText(['Subscribe to 3 feeds0/3', 'Share 2 articles0/2', 'Like 1 article0/1']);
  const generate = page.getByRole('button', { name: 'Generate my first digest' });
  await expect(generate).toBeDisabled();
  await expectAccessible(page, 'digest checklist');
  await screenshotFromTop(page, testInfo, 'digest-checklist');

  // A week of reading over the API; a followed friend reads and shares a feed the reader does not follow.
  for (const file of ['rss.xml', 'atom.xml', 'feed.json']) await apiSubscribe(request, reader.token, feedSite.url(file));
  const articles = [...(await apiArticleIds(request, reader.token)).values()];
  for (const id of articles.slice(0, 4))
    await mutate(request, reader.token, 'mutation ($id: ID!) { markArticleRead(id: $id) { __typename } }', { id });
  await mutate(request, reader.token, 'mutation ($id: ID!) { likeArticle(id: $id) { __typename } }', { id: articles[0] });
  await apiShare(request, reader.token, { articleId: articles[1]! });
  await apiShare(request, reader.token, { articleId: articles[2]! });
  await apiSubscribe(request, friend.token, feedSite.url('news.xml'));
  const [news] = [...(await apiArticleIds(request, friend.token)).values()];
  await apiShare(request, friend.token, { articleId: news! });
  await mutate(request, reader.token, 'mutation ($id: ID!) { follow(userId: $id) { __typename } }', {
    id: await apiViewerId(request, friend.token),
  });

  await page.reload();
  await expect(requirements.getByRole('listitem')).toHaveText(['Subscribe to 3 feeds3/3', 'Share 2 articles2/2', 'Like 1 article1/1']);
  await generate.click();
  await expect(toast(page, 'Your first digest is ready!')).toBeVisible();
  await expect(page).toHaveURL(/\/digest\/[^/]+$/);

  // The detail: header, special headings, no comment paragraph, article links, a suggestion to subscribe to.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^You read 4 articles/);
  await expect(page.getByText('Personal', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Generated /)).toBeVisible();
  const content = page.getByTestId('digest-content');
  for (const heading of ['Topic Connections', 'Discovery & Exploration', 'Social Engagement']) {
    await expect(content.getByRole('heading', { name: heading })).toHaveAttribute('data-special', 'true');
  }
  await expect(content.getByText('**4 reads')).toHaveCount(0);
  await expect(content.getByText('Topics were found on this instance')).toHaveCount(0);
  await expect(
    content
      .getByRole('listitem')
      .filter({ hasText: `@${friend.username} shared` })
      .getByRole('link'),
  ).toHaveAttribute('href', /^\/article\//);
  await expectAccessible(page, 'digest detail');
  await screenshotFromTop(page, testInfo, 'digest-detail');
  await content.getByRole('button', { name: `Subscribe to ${FEED_TITLES.news}` }).click();
  await expect(toast(page, `Subscribed to ${FEED_TITLES.news}!`)).toBeVisible();
  await expect(content.getByRole('button', { name: `Subscribed to ${FEED_TITLES.news}` })).toBeDisabled();

  // The list: one card with the personal counts; j selects, Enter opens, Escape clears.
  await page.getByRole('link', { name: 'Back to digests' }).click();
  const card = page.getByRole('list', { name: 'Digests' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Personal', { exact: true })).toBeVisible();
  await expect(card.getByRole('definition')).toHaveText(['4', '1', '2', '0']);
  await page.keyboard.press('j');
  await expect(card).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(card).not.toHaveAttribute('aria-current');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^You read 4 articles/);
  await page.goBack();
  await expect(card).toBeVisible();
  await screenshotFromTop(page, testInfo, 'digest-list');

  await card.getByRole('button', { name: 'Delete digest' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this digest? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Digest deleted successfully')).toBeVisible();
  // Once a digest existed, the checklist does not come back: the list is empty.
  await expect(page.getByRole('heading', { name: 'No digests' })).toBeVisible();
  await screenshotFromTop(page, testInfo, 'digest-empty');
});
