import { apiSubscribe, expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { graphql, registerUser } from './users.ts';

async function subscriptionUrls(request: Parameters<typeof graphql>[0], token: string): Promise<string[]> {
  const { feedSubscriptions } = await graphql<{ feedSubscriptions: { feed: { url: string } }[] }>(
    request,
    '{ feedSubscriptions { feed { url } } }',
    {},
    token,
  );
  return feedSubscriptions.map((subscription) => subscription.feed.url);
}

test(
  'popular feeds are picked into a selection and subscribed to',
  { tag: '@layout' },
  async ({ page, request, feedSite, isMobile }, testInfo) => {
    // Three others follow the site's news feed: it is among the most followed of the shared test instance.
    for (const prefix of ['fan1', 'fan2', 'fan3']) {
      const fan = await registerUser(request, prefix);
      await apiSubscribe(request, fan.token, feedSite.url('news.xml'));
    }
    const viewer = await registerUser(request, 'picker');
    await signIn(page, viewer.username, viewer.password, '/discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Feeds' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Popular on this Instance' })).toHaveAttribute('aria-selected', 'true');
    const news = page.getByRole('checkbox', { name: /Fixture News.*3 subscribers/ });
    await news.check({ force: true }); // the box is drawn; the input itself is visually hidden
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText('1 feed selected');
    await expectAccessible(page, 'discover (popular, one selected)');
    await saveScreenshot(page, testInfo, 'discover-popular');

    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toHaveCount(0);
    await news.check({ force: true });
    await bar.getByRole('button', { name: 'Subscribe to Selected' }).click();
    await expect(toast(page, 'Subscribed to 1 feed!')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(news).toHaveCount(0); // followed now, so no longer offered
    expect(await subscriptionUrls(request, viewer.token)).toEqual([feedSite.url('news.xml')]);
    // The sidebar (the drawer on phones) lists it.
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: /Fixture News/ }).first()).toBeVisible();
  },
);

test('starter packs are subscribed to whole, a large one as a job with progress', async ({ page, request, feedSite }, testInfo) => {
  const viewer = await registerUser(request, 'packer');
  await signIn(page, viewer.username, viewer.password, '/discover?tab=packs');

  // Starter packs: the curated ones, and (answered here, so that every address is the fixture site's) a pack of twelve.
  const pack = Array.from({ length: 12 }, (_unused, index) => ({
    url: feedSite.url(`news.xml?n=${index}`),
    title: `Fixture ${index}`,
    description: 'A fixture feed',
  }));
  await expect(page.getByRole('tab', { name: 'Starter Packs' })).toHaveAttribute('aria-selected', 'true');
  const technology = page.getByRole('article', { name: 'Technology' });
  await expect(technology.getByRole('button', { name: /^Subscribe to All \d+ Feeds$/ })).toBeVisible();
  expect(await page.getByRole('list', { name: 'Starter packs' }).getByRole('article').count()).toBeGreaterThanOrEqual(8);
  await technology.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText(/^\d+ feeds selected/);
  await expectAccessible(page, 'discover (starter packs)');
  await saveScreenshot(page, testInfo, 'discover-packs');
  await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Clear' }).click();

  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'discoverQuery') return route.fallback();
    // A request the page gave up while it was answered (the reload asks again), or one still in flight when the test
    // ends, has its answer disposed: leave it.
    const response = await route.fetch().catch(() => null);
    const body = response ? await response.json().catch(() => null) : null;
    if (!response || !body) return;
    body.data.starterPacks = [{ packId: 'fixtures', name: 'Fixtures', description: 'Twelve test feeds', icon: 'flask', feeds: pack }];
    await route.fulfill({ response, json: body }).catch(() => {});
  });
  await page.reload();
  feedSite.slowDown(400); // long enough to see the job's progress
  await page.getByRole('article', { name: 'Fixtures' }).getByRole('button', { name: 'Subscribe to All 12 Feeds' }).click();
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText(/Subscribing… \d+ of 12/);
  // Watched from now: on a busy machine the job can end, and its toast come and go, while the screenshot is taken.
  const subscribed = expect(toast(page, 'Subscribed to 12 feeds!')).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, testInfo, 'discover-progress');
  await subscribed;
  expect(await subscriptionUrls(request, viewer.token)).toHaveLength(12);

  // The same pack again: everything is already followed.
  await page.getByRole('article', { name: 'Fixtures' }).getByRole('button', { name: 'Subscribe to All 12 Feeds' }).click();
  await expect(toast(page, '12 feeds were already subscribed')).toBeVisible({ timeout: 30_000 });
});

test('no popular feeds says so', async ({ page, request }, testInfo) => {
  const viewer = await registerUser(request, 'lonely');
  await signIn(page, viewer.username, viewer.password);
  // The shared test instance has popular feeds: the answer is replaced by an empty one.
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'discoverQuery') return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    body.data.popularFeeds = [];
    await route.fulfill({ response, json: body });
  });
  await page.goto('/discover');
  await expect(page.getByRole('heading', { name: 'No popular feeds yet' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'discover-empty');
});
