import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { expect, servePublisherMedia, subscribePublisher, test } from './publisherFeeds.ts';
import { registerUser } from './users.ts';

/**
 * The page's errors, a Content Security Policy refusal among them (the policy allows what the sanitiser keeps:
 * api/src/contentSecurityPolicy.ts); a media file the fixtures do not have answers 404, which is not one.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves the screen in the light and the dark theme. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, testInfo, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreenshot(page, testInfo, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a podcast episode plays in the reader and is badged in the list', async ({ page, request, publisherOrigin }, testInfo) => {
  const errors = consoleErrors(page);
  const user = await registerUser(request, 'listener');
  const audio = await subscribePublisher(request, user.token, publisherOrigin, 'publisher-podcast-audio.xml');
  const video = await subscribePublisher(request, user.token, publisherOrigin, 'publisher-podcast-video.xml');
  await servePublisherMedia(page);
  await signIn(page, user.username, user.password, '/articles?filter=all');
  const row = page.locator('article').filter({ hasText: 'Episode 42: Feeds that last' });
  await expect(row.getByText('episode · 42 min')).toBeVisible();
  await expect(page.locator('article').filter({ hasText: 'Soldering for beginners' }).getByText('video · 1 h 6 min')).toBeVisible();
  await saveScreenshot(page, testInfo, 'podcast-list');

  await page.goto(`/article/${audio}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Episode 42: Feeds that last' })).toBeVisible();
  const episode = page.getByRole('region', { name: 'Episode' });
  await expect(episode.locator('audio[controls]')).toHaveAttribute('src', 'https://media.example.fm/quiethour/42.mp3');
  await expect(episode).toContainText('Episode · 42 min · 40.6 MB');
  await expect(episode.getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://media.example.fm/quiethour/42.mp3');
  await expect(page.getByText('by Mara Quint')).toBeVisible();
  await expectAccessible(page, 'podcast reader');
  await screenshots(page, testInfo, 'podcast-reader');

  await page.goto(`/article/${video}`);
  await expect(page.getByRole('region', { name: 'Episode' }).locator('video[controls]')).toHaveAttribute(
    'src',
    'https://cdn.example.tv/handson/7.mp4',
  );
  await expect(page.getByRole('region', { name: 'Episode' })).toContainText('Video · 1 h 6 min · 3.22 GB');
  await screenshots(page, testInfo, 'video-podcast-reader');
  expect(errors).toEqual([]);
});

test('a YouTube video shows as an embed above its description, whose links work', async ({ page, request, publisherOrigin }, testInfo) => {
  const errors = consoleErrors(page);
  const user = await registerUser(request, 'viewer');
  const id = await subscribePublisher(request, user.token, publisherOrigin, 'publisher-youtube.xml');
  await servePublisherMedia(page);
  await signIn(page, user.username, user.password, `/article/${id}`);
  const content = page.locator('.article-content');
  const embed = content.locator('iframe').first();
  await expect(embed).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
  await expect(embed).toHaveAttribute('title', 'Building a dovetail joint by hand');
  expect(await content.evaluate((root) => root.firstElementChild?.tagName)).toBe('IFRAME');
  await expect(content.getByRole('link', { name: 'https://workshop.example.com/tools' })).toHaveAttribute('target', '_blank');
  await expect(content).toContainText('Today we cut a through dovetail');
  await expectAccessible(page, 'YouTube reader');
  await screenshots(page, testInfo, 'youtube-reader');
  expect(errors).toEqual([]);
});

/** Signs a new user in with one publisher fixture subscribed, and opens its article. */
async function openPublisher(page: Page, request: APIRequestContext, origin: string, fixture: string) {
  const user = await registerUser(request, 'looker');
  const id = await subscribePublisher(request, user.token, origin, `publisher-${fixture}.xml`);
  await servePublisherMedia(page);
  await signIn(page, user.username, user.password, `/article/${id}`);
  return page.locator('.article-content');
}

test('a Mastodon post shows both its photos under the text', async ({ page, request, publisherOrigin }, testInfo) => {
  const errors = consoleErrors(page);
  const content = await openPublisher(page, request, publisherOrigin, 'mastodon');
  await expect(content.locator('figure.tidings-gallery img')).toHaveCount(2);
  await screenshots(page, testInfo, 'mastodon-reader');
  expect(errors).toEqual([]);
});

test('WordPress lazy images get their real addresses and the embed stays', async ({ page, request, publisherOrigin }, testInfo) => {
  const errors = consoleErrors(page);
  const content = await openPublisher(page, request, publisherOrigin, 'wordpress');
  await expect(content.locator('img')).toHaveCount(3);
  for (const image of await content.locator('img').all())
    await expect(image).toHaveAttribute('src', /^https:\/\/gardennotes\.example\.com\/wp-content\//);
  await expect(content.locator('iframe[src^="https://www.youtube.com/embed/"]')).toHaveCount(1);
  await screenshots(page, testInfo, 'wordpress-reader');
  expect(errors).toEqual([]);
});

test("a comic's title text is its caption, and a tap opens the image full size", async ({ page, request, publisherOrigin }, testInfo) => {
  const errors = consoleErrors(page);
  const content = await openPublisher(page, request, publisherOrigin, 'comic');
  await expect(content.locator('figcaption')).toHaveText(/^There are two hard problems/);
  await content.getByRole('button', { name: 'Cache Invalidation (open full size)' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Image: Cache Invalidation' });
  await expect(lightbox.getByRole('img', { name: 'Cache Invalidation' })).toBeVisible();
  await expectAccessible(page, 'image full size');
  await saveScreenshot(page, testInfo, 'comic-full-size');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await content.getByRole('button', { name: 'Cache Invalidation (open full size)' }).press('Enter');
  await expect(lightbox).toBeVisible();
  await lightbox.getByRole('button', { name: 'Close image' }).click();
  await expect(lightbox).toBeHidden();
  await screenshots(page, testInfo, 'comic-reader');
  expect(errors).toEqual([]);
});

test('a Substack footnote link moves within the article and leaves the address alone', async ({
  page,
  request,
  publisherOrigin,
}, testInfo) => {
  const errors = consoleErrors(page);
  const content = await openPublisher(page, request, publisherOrigin, 'substack');
  const address = page.url();
  const reference = content.locator('a[href="#tidings-c-footnote-1"]');
  await expect(reference).not.toHaveAttribute('target', /.*/);
  await reference.click();
  await expect(content.locator('[id="tidings-c-footnote-1"]')).toBeFocused();
  expect(page.url()).toBe(address);
  await screenshots(page, testInfo, 'substack-reader');
  expect(errors).toEqual([]);
});

test('a news site shows its comments page and its http image through the media proxy', async ({
  page,
  request,
  publisherOrigin,
}, testInfo) => {
  const errors = consoleErrors(page);
  const content = await openPublisher(page, request, publisherOrigin, 'news-http');
  await expect(page.getByRole('link', { name: /Comments on valleygazette\.example/ })).toHaveAttribute(
    'href',
    'http://www.valleygazette.example/news/bridge-reopens#comments',
  );
  // The http image comes through the instance's media proxy.
  const bridge = Buffer.from('http://www.valleygazette.example/images/bridge.jpg').toString('base64url');
  await expect(content.locator('img')).toHaveAttribute('src', new RegExp(`/media/[\\w-]{43}/${bridge}$`));
  expect(await content.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await screenshots(page, testInfo, 'news-reader');
  expect(errors).toEqual([]);
});
