import { articleRow, newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { logOut, otherBrowser, saveScreenshot, signIn, untilLive } from './page.ts';

test(
  'the article list is drawn by the server, shown before the app’s scripts have run',
  { tag: '@layout' },
  async ({ page, request, feedSite, browser }, testInfo) => {
    const user = await newsReader(request, feedSite, 3);
    await signIn(page, user.username, user.password, '/articles?filter=all');
    await expect(articleRow(page, 'News 3')).toBeVisible();
    // That page load was drawn by the server too (the session's cookie came with the sign-in): wait for the app.
    await untilLive(page);

    // The app keeps a copy of its session and of the list's view where only a page load of /articles sends them.
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === 'tidings_session');
    expect(session).toMatchObject({ path: '/articles', sameSite: 'Strict', httpOnly: false });
    await expect
      .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'tidings_view')?.value)
      .toContain('all');

    // Without scripts at all, the same browser's /articles shows the list it left: drawn by the server, not yet live.
    const drawn = await otherBrowser(browser, testInfo, { javaScriptEnabled: false, storageState: await page.context().storageState() });
    await drawn.goto('/articles');
    await expect(drawn.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    for (const title of ['News 3', 'News 2', 'News 1']) await expect(drawn.getByText(title, { exact: true })).toBeVisible();
    await expect(drawn.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(drawn.locator('#root > [inert]')).toHaveCount(1);
    await saveScreenshot(drawn, testInfo, 'articles-drawn-by-the-server');
    await drawn.context().close();

    // With them, the app draws itself in the drawn screen's place and answers at once.
    await page.goto('/articles');
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    await articleRow(page, 'News 2').getByRole('button', { name: 'Like' }).click();
    await expect(articleRow(page, 'News 2').getByRole('button', { name: 'Unlike' })).toBeVisible();

    // Logging out takes the session's copy away.
    await logOut(page);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'tidings_session')).toBe(false);
  },
);
