import type { APIRequestContext, FrameLocator, Page, TestInfo } from '@playwright/test';
import { bookmarkletCode } from '../src/features/bookmarklet/bookmarkletCode.ts';
import { apiSubscribe, expect, FEED_TITLES, test } from './feedSite.ts';
import { launchBlockingThirdPartyStorage } from './fullChromium.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiViewerId } from './social.ts';
import { graphql, registerUser, type TestUser } from './users.ts';

const REJECTED = 'This bookmarklet no longer works. Create a new one in Settings.';

/** Clicks the bookmarklet as the bookmarks bar would: its code, percent-decoded, run in the page. */
async function clickBookmarklet(page: Page, code: string) {
  // A string is evaluated by the browser itself, as a bookmark is, so even a page that allows no script runs it.
  await page.evaluate(decodeURIComponent(code.slice('javascript:'.length)));
}

const overlay = (page: Page) => page.locator('#tidings-bookmarklet');
const windowIn = (page: Page): FrameLocator => page.frameLocator('#tidings-bookmarklet iframe');
const toastIn = (frame: FrameLocator | Page, text: string) =>
  frame.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

/** Creates a bookmarklet in Settings as the user and answers its code: the drag link's (desktop) or the copied (phone). */
async function createBookmarklet(page: Page, user: TestUser, testInfo: TestInfo): Promise<string> {
  await signIn(page, user.username, user.password, '/settings');
  const section = page.getByRole('region', { name: 'Bookmarklet' });
  await section.getByRole('button', { name: 'Create bookmarklet' }).click();
  await expect(section.getByText('Revoking the “Bookmarklet” token in API Tokens disables it.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your API tokens' }).getByText('Bookmarklet', { exact: true })).toBeVisible();
  const link = section.getByRole('link', { name: 'Share to Tidings' });
  let code: string;
  if (testInfo.project.name === 'mobile') {
    await expect(link).toBeHidden();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await section.getByRole('button', { name: 'Copy bookmarklet code' }).click();
    await expect(toast(page, 'Bookmarklet code copied to clipboard!')).toBeVisible();
    code = await page.evaluate(() => navigator.clipboard.readText());
  } else {
    await expect(section.getByRole('button', { name: 'Copy bookmarklet code' })).toBeHidden();
    code = (await link.getAttribute('href'))!;
  }
  await section.scrollIntoViewIfNeeded();
  await saveScreenshot(page, testInfo, 'bookmarklet-settings');
  expect(code).toMatch(/^javascript:/);
  return code;
}

/** A bookmarklet token of the user's, over the REST API: its secret and its id. */
async function apiToken(request: APIRequestContext, token: string): Promise<{ secret: string; id: string }> {
  const response = await request.post('/api/tokens', {
    data: { name: 'Bookmarklet', scope: 'bookmarklet' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; apiToken: { id: string } };
  return { secret: body.token, id: body.apiToken.id };
}

/** A user's shares over the API: the note, the audience and the address of each. */
async function apiOwnShares(request: APIRequestContext, token: string) {
  const userId = await apiViewerId(request, token);
  const { userShares } = await graphql<{
    userShares: { edges: { node: { note: string | null; isPublic: boolean; article: { url: string } } }[] };
  }>(
    request,
    'query ($userId: ID!) { userShares(userId: $userId, first: 10) { edges { node { note isPublic article { url } } } } }',
    { userId },
    token,
  );
  return userShares.edges.map(({ node }) => node);
}

test(
  'the bookmarklet opens Tidings on the page: subscribe to its feeds, share it with a note, close it',
  { tag: '@layout' },
  async ({ page, request, feedSite }, testInfo) => {
    const user = await registerUser(request, 'marker');
    await apiSubscribe(request, user.token, feedSite.url('atom.xml'));
    const code = await createBookmarklet(page, user, testInfo);

    await page.goto(feedSite.url('index.html'));
    await clickBookmarklet(page, code);
    await expect(overlay(page).locator('iframe')).toBeVisible();
    const tidings = windowIn(page);
    await expect(tidings.getByRole('heading', { level: 1, name: 'Fixture site' })).toBeVisible();
    await expect(tidings.getByText(new URL(feedSite.url('index.html')).host, { exact: true })).toBeVisible();
    const subscribe = tidings.getByRole('button', { name: `Subscribe to ${FEED_TITLES.rss}` });
    await expect(subscribe).toBeVisible();
    await expect(tidings.getByRole('button', { name: `Subscribed to ${FEED_TITLES.atom}` })).toBeDisabled();

    // A second click closes the window, a third opens it again.
    await clickBookmarklet(page, code);
    await expect(overlay(page)).toHaveCount(0);
    await clickBookmarklet(page, code);
    await expect(subscribe).toBeVisible();
    await expect(page.locator('script[src*="bookmarklet.js"]')).toHaveCount(0); // the script removes itself

    await subscribe.click();
    await expect(toastIn(tidings, `Subscribed to ${FEED_TITLES.rss}!`)).toBeVisible();
    await expect(tidings.getByRole('button', { name: `Subscribed to ${FEED_TITLES.rss}` })).toBeDisabled();
    // The feed the user already followed said so from the start: nothing to press.
    await expect(tidings.getByRole('button', { name: `Subscribed to ${FEED_TITLES.atom}` })).toBeDisabled();
    await expect(tidings.getByRole('button', { name: `Subscribe to ${FEED_TITLES.atom}` })).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'bookmarklet-overlay');

    await tidings.getByLabel('Note').fill('Worth a look');
    await expect(tidings.getByText('12/1000 characters')).toBeVisible();
    await tidings.getByText('Public', { exact: true }).click();
    await expect(tidings.getByText('Everyone on this instance, and the public RSS feed.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'bookmarklet-share');
    await tidings.getByRole('button', { name: 'Share', exact: true }).click();
    // The server fetches the page first, through the guarded fetcher.
    await expect(toastIn(tidings, 'Article shared!')).toBeVisible({ timeout: 15_000 });
    await expect(overlay(page)).toHaveCount(0); // the window closes itself once shared
    await expect
      .poll(() => apiOwnShares(request, user.token))
      .toEqual([{ note: 'Worth a look', isPublic: true, article: { url: feedSite.url('index.html') } }]);

    // Escape closes it too, from the page or from inside the window. Opened again, it knows the feed is followed now.
    await clickBookmarklet(page, code);
    await expect(tidings.getByRole('button', { name: `Subscribed to ${FEED_TITLES.rss}` })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
  },
);

test('with third-party storage blocked, the bookmarklet opens on a page of another site: subscribe and share through its window', async ({
  request,
  feedSite,
  baseURL,
}, testInfo) => {
  const user = await registerUser(request, 'marker');
  const code = bookmarkletCode(baseURL!, (await apiToken(request, user.token)).secret);
  // The instance is on 127.0.0.1: the same page on localhost is another site, whose frames are third parties.
  const pageUrl = feedSite.url('index.html').replace('//127.0.0.1:', '//localhost:');
  const browser = await launchBlockingThirdPartyStorage();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(pageUrl);
    await clickBookmarklet(page, code);
    const tidings = windowIn(page);
    await expect(tidings.getByRole('heading', { level: 1, name: 'Fixture site' })).toBeVisible();
    const frame = page.frames().find((candidate) => candidate.url().startsWith(`${baseURL}/bookmarklet`))!;
    expect(
      await frame.evaluate(() => new Promise((resolve) => resolve(window.localStorage)).catch((error: Error) => error.message)),
    ).toMatch(/Access is denied for this document/);

    const subscribe = tidings.getByRole('button', { name: `Subscribe to ${FEED_TITLES.rss}` });
    await subscribe.click();
    await expect(toastIn(tidings, `Subscribed to ${FEED_TITLES.rss}!`)).toBeVisible();
    await expect(tidings.getByRole('button', { name: `Subscribed to ${FEED_TITLES.rss}` })).toBeDisabled();
    await saveScreenshot(page, testInfo, 'bookmarklet-storage-blocked');

    await tidings.getByLabel('Note').fill('Read without storage');
    await tidings.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toastIn(tidings, 'Article shared!')).toBeVisible({ timeout: 15_000 });
    await expect(overlay(page)).toHaveCount(0);
    await expect
      .poll(() => apiOwnShares(request, user.token))
      .toEqual([{ note: 'Read without storage', isPublic: false, article: { url: pageUrl } }]);
  } finally {
    await browser.close();
  }
});

test("a bookmarklet made at another of the instance's addresses loads its script and opens its window at PUBLIC_URL", async ({
  page,
  request,
  baseURL,
}) => {
  const user = await registerUser(request, 'marker');
  const otherAddress = baseURL!.replace('//127.0.0.1:', '//localhost:'); // the e2e server's PUBLIC_URL is on 127.0.0.1
  await page.goto(`${otherAddress}/login`);
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/shares$/);
  // The instance's address is held back until the bookmarklet is made, as on a slow connection.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'InstanceProviderQuery') await held;
    await route.fallback();
  });
  await page.goto(`${otherAddress}/settings`);
  const section = page.getByRole('region', { name: 'Bookmarklet' });
  await section.getByRole('button', { name: 'Create bookmarklet' }).click();
  const link = section.getByRole('link', { name: 'Share to Tidings' });
  const code = async () => decodeURIComponent((await link.getAttribute('href'))!);
  // The page's origin stands in until the instance's address has loaded (BookmarkletSection.tsx), then gives way to it.
  await expect.poll(code).toContain(`var o=${JSON.stringify(otherAddress)}`);
  release();
  await expect.poll(code).toContain(`var o=${JSON.stringify(baseURL)}`);
  expect(await code()).not.toContain(otherAddress);
});

test('the Tidings window is accessible and fits a phone', { tag: '@layout' }, async ({ page, request, feedSite, baseURL }, testInfo) => {
  const user = await registerUser(request, 'marker');
  const { secret } = await apiToken(request, user.token);
  await page.goto(`${baseURL}/bookmarklet#token=${secret}&url=${encodeURIComponent(feedSite.url('index.html'))}&title=Fixture%20site`);
  await expect(page.getByRole('button', { name: `Subscribe to ${FEED_TITLES.json}` })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/bookmarklet`); // the token leaves the address bar
  await expectAccessible(page, 'bookmarklet window');
  await saveScreenshot(page, testInfo, 'bookmarklet-window');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('on a page whose policy refuses the script or the frame, the bookmarklet opens a popup instead', async ({
  page,
  request,
  feedSite,
  baseURL,
}, testInfo) => {
  const user = await registerUser(request, 'marker');
  await apiSubscribe(request, user.token, feedSite.url('feed.json'));
  const code = bookmarkletCode(baseURL!, (await apiToken(request, user.token)).secret);

  for (const [file, title] of [
    ['strict.html', 'Strict site'],
    ['noframes.html', 'Frameless site'],
  ] as const) {
    await page.goto(feedSite.url(file));
    const opened = page.context().waitForEvent('page');
    await clickBookmarklet(page, code);
    const popup = await opened;
    await expect(popup).toHaveURL(`${baseURL}/bookmarklet`);
    await expect(popup.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(popup.getByRole('button', { name: `Subscribe to ${FEED_TITLES.rss}` })).toBeVisible();
    await expect(popup.getByRole('button', { name: `Subscribed to ${FEED_TITLES.json}` })).toBeDisabled();
    await expect(overlay(page)).toHaveCount(0);
    if (file === 'strict.html') await saveScreenshot(popup, testInfo, 'bookmarklet-popup');
    // The popup may be gone before the click's own bookkeeping ends: the close event is what counts.
    await Promise.all([
      popup.waitForEvent('close'),
      popup
        .getByRole('button', { name: 'Close' })
        .click({ noWaitAfter: true })
        .catch(() => {}),
    ]);
  }
});

test('a bookmarklet whose token was revoked says so, on the page and in its window', async ({ page, request, feedSite, baseURL }) => {
  const user = await registerUser(request, 'marker');
  const { secret, id } = await apiToken(request, user.token);
  const code = bookmarkletCode(baseURL!, secret);
  expect((await request.delete(`/api/tokens/${id}`, { headers: { authorization: `Bearer ${user.token}` } })).ok()).toBe(true);

  await page.goto(feedSite.url('index.html'));
  await clickBookmarklet(page, code);
  await expect(windowIn(page).getByRole('alert').filter({ hasText: REJECTED })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(overlay(page)).toHaveCount(0);

  await page.goto(feedSite.url('strict.html'));
  const opened = page.context().waitForEvent('page');
  await clickBookmarklet(page, code);
  const popup = await opened;
  await expect(popup.getByRole('alert').filter({ hasText: REJECTED })).toBeVisible();
});

test('a bookmarklet made when its script carried the token in the query string asks for a new one', async ({ page, feedSite, baseURL }) => {
  await page.goto(feedSite.url('index.html'));
  const alert = page.waitForEvent('dialog');
  await page.evaluate((origin) => {
    const script = document.createElement('script');
    script.src = `${origin}/bookmarklet.js?token=tid_an-old-one`;
    document.body.appendChild(script);
  }, baseURL!);
  const dialog = await alert;
  expect(dialog.message()).toBe('This Tidings bookmarklet is out of date. Create a new one in Settings.');
  await dialog.dismiss();
  await expect(overlay(page)).toHaveCount(0);
});
