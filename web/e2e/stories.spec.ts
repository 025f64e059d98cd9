import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { articleRow, articleRows } from './articleList.ts';
import { apiSubscribe, expect, test } from './feedSite.ts';
import { expectAccessible, liveSubscription, openAccountMenu, otherBrowser, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

/**
 * Two publishers that carry the same story (one address, each its own GUID) beside a story of their own, served from
 * 127.0.0.1 by the test process: /<prefix>/morning.xml and /<prefix>/evening.xml.
 */
function storyFeed(prefix: string, file: string): string | null {
  const feeds: Record<string, { title: string; own: string }> = {
    'morning.xml': { title: 'The Morning Post', own: 'Morning crossword' },
    'evening.xml': { title: 'Evening Wire', own: 'Evening traffic' },
  };
  const feed = feeds[file];
  if (!feed) return null;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toUTCString();
  const item = (title: string, path: string, guid: string, hours: number) =>
    `<item><title>${title}</title><link>https://stories.example.test/${prefix}/${path}</link><guid isPermaLink="false">${prefix}-${guid}</guid><pubDate>${hoursAgo(hours)}</pubDate><description>${title}, as ${feed.title} tells it.</description></item>`;
  const storm = item('Storm over the bay', 'storm?utm_source=rss', `${file}-storm`, file === 'morning.xml' ? 2 : 3);
  const own = item(feed.own, file.replace('.xml', ''), `${file}-own`, 5);
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${feed.title}</title><link>https://stories.example.test/</link><description>A publisher</description>${storm}${own}</channel></rss>`;
}

let server: Server;
let origin = '';
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const [, prefix = '', file = ''] = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.split('/');
    const body = storyFeed(prefix, file);
    response.writeHead(body ? 200 : 404, { 'content-type': body ? 'application/rss+xml' : 'text/plain' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const alsoIn = (page: Page) => page.locator('header').getByText('Also in:').locator('..');
const conversation = (page: Page) => page.getByRole('list', { name: 'Comments and share notes' }).getByRole('listitem');

test(
  'one story from two feeds: one card that says where else it is, the copies linked in the reader, one conversation, and the setting that shows every copy',
  { tag: '@layout' },
  async ({ page, browser, request }, testInfo) => {
    test.setTimeout(180_000);
    const prefix = `stories-${process.pid}-${Date.now().toString(36)}`;
    const user = await registerUser(request, 'stories');
    // The Morning Post is subscribed to first: its copy is the story's card.
    await apiSubscribe(request, user.token, `${origin}/${prefix}/morning.xml`);
    await apiSubscribe(request, user.token, `${origin}/${prefix}/evening.xml`);
    await signIn(page, user.username, user.password, '/articles?filter=all');

    // Grouped (the default): three cards, the story's naming the other feed, as text.
    await expect(articleRows(page)).toHaveCount(3);
    const storm = articleRow(page, 'Storm over the bay');
    await expect(storm).toContainText('The Morning Post');
    await expect(storm).toContainText('Also in: Evening Wire');
    await expect(articleRow(page, 'Morning crossword')).not.toContainText('Also in');
    await expectAccessible(page, 'list with a story in two feeds');
    await saveScreenshot(page, testInfo, 'stories-list');

    // The reader links the other copy; that copy links back.
    await storm.getByRole('link', { name: 'Storm over the bay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Storm over the bay' })).toBeVisible();
    await alsoIn(page).getByRole('link', { name: 'Evening Wire' }).click();
    await expect(page.locator('header').getByRole('link', { name: 'Evening Wire' })).toHaveCount(1);
    await expect(alsoIn(page).getByRole('link', { name: 'The Morning Post' })).toBeVisible();

    // A comment on the Evening Wire copy is in the Morning Post copy's conversation, saying where it was written.
    await page.getByRole('combobox', { name: 'Your comment' }).fill('Said on the wire');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(toast(page, 'Comment added')).toBeVisible();
    await expect(conversation(page).filter({ hasText: 'Said on the wire' })).not.toContainText('on Evening Wire');
    await alsoIn(page).getByRole('link', { name: 'The Morning Post' }).click();
    await expect(alsoIn(page).getByRole('link', { name: 'Evening Wire' })).toBeVisible();
    await expect(conversation(page).filter({ hasText: 'Said on the wire' })).toContainText('on Evening Wire');
    await expectAccessible(page, 'reader of a story in two feeds');
    await saveScreenshot(page, testInfo, 'stories-reader');

    // Live across copies: a reader of the Evening Wire copy in another browser sees a comment posted on this one.
    const eveningCopy = await alsoIn(page).getByRole('link', { name: 'Evening Wire' }).getAttribute('href');
    const other = await otherBrowser(browser, testInfo);
    await signIn(other, user.username, user.password);
    const listening = liveSubscription(other, 'conversationChanged');
    await other.goto(eveningCopy!);
    await expect(conversation(other).filter({ hasText: 'Said on the wire' })).toBeVisible();
    await listening;
    await page.getByRole('combobox', { name: 'Your comment' }).fill('Heard it live');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(conversation(other).filter({ hasText: 'Heard it live' })).toContainText('on The Morning Post');
    await other.context().close();

    // Every copy: the setting is kept on the account and the list, already loaded in this tab, is asked for again.
    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Settings' }).click();
    const grouping = page.getByRole('region', { name: 'Article Lists' }).getByRole('switch', { name: /^Group copies of the same story/ });
    await expect(grouping).toBeChecked();
    await grouping.click();
    await expect(grouping).not.toBeChecked();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    await expect(articleRows(page)).toHaveCount(4);
    await expect(page.getByRole('article', { name: 'Storm over the bay', exact: true })).toHaveCount(2);
    await expect(page.getByRole('article', { name: 'Storm over the bay', exact: true }).nth(1)).toContainText('Also in: The Morning Post');
    await page.getByRole('group', { name: 'Density' }).getByRole('button', { name: 'Compact' }).click();
    await expect(page.getByRole('article', { name: 'Storm over the bay', exact: true }).first()).toContainText('Also in: Evening Wire');
    await saveScreenshot(page, testInfo, 'stories-every-copy-compact');

    // Kept on the account: a new page load still shows every copy.
    await page.reload();
    await expect(articleRows(page)).toHaveCount(4);
  },
);
