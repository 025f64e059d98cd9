import type { Page } from '@playwright/test';
import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { liveSubscription, saveScreenshot, signIn, toast } from './page.ts';
import { apiArticleIds, apiFollow, apiViewerId, shareItem } from './social.ts';
import { registerUser } from './users.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a mention reaches the other person live, leads to the article, and a public share reaches their Shared list', async ({
  browser,
  request,
  feedSite,
}, testInfo) => {
  const amelia = await newsReader(request, feedSite, 2, 'amelia');
  const bruno = await registerUser(request, 'bruno');
  await apiFollow(request, bruno.token, await apiViewerId(request, amelia.token));
  const articleId = (await apiArticleIds(request, amelia.token)).get('News 2')!;

  // Two people, two browsers: each has their own session.
  const contextOptions = {
    viewport: testInfo.project.use.viewport,
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  };
  const ameliaContext = await browser.newContext(contextOptions);
  const brunoContext = await browser.newContext(contextOptions);
  const ameliaPage = await ameliaContext.newPage();
  const brunoPage = await brunoContext.newPage();
  try {
    const brunoLive = liveSubscription(brunoPage, 'notificationAdded');
    await signIn(brunoPage, bruno.username, bruno.password);
    await expect(bell(brunoPage)).toHaveAccessibleName('Notifications, 4 unread'); // the welcome notifications
    await brunoLive;
    await signIn(ameliaPage, amelia.username, amelia.password);
    await ameliaPage.goto(`/article/${articleId}`);
    await expect(ameliaPage.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();

    // Amelia mentions Bruno, picking him from the suggestions.
    const field = ameliaPage.getByRole('combobox', { name: 'Your comment' });
    await field.pressSequentially(`Worth your time, @${bruno.username.slice(0, -1)}`);
    await ameliaPage
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: new RegExp(bruno.username) })
      .click();
    await field.pressSequentially('— the second half especially.');
    await ameliaPage.getByRole('button', { name: 'Post Comment' }).click();
    await expect(toast(ameliaPage, 'Comment added')).toBeVisible();

    // Bruno hears of it without reloading: the toast, and the bell's count.
    await expect(toast(brunoPage, `New mention from @${amelia.username}`)).toBeVisible();
    await expect(bell(brunoPage)).toHaveAccessibleName('Notifications, 5 unread');
    await saveScreenshot(brunoPage, testInfo, 'journey-mention-toast');

    await bell(brunoPage).click();
    const panel = brunoPage.getByRole('dialog', { name: 'Notifications' });
    const mention = panel.getByRole('button', { name: new RegExp(`^@${amelia.username} mentioned you in a comment`) });
    await expect(mention).toBeVisible();
    await saveScreenshot(brunoPage, testInfo, 'journey-mention-panel');
    await mention.click();
    await expect(brunoPage).toHaveURL(new RegExp(`/article/${encodeURIComponent(articleId)}$`));
    await expect(panel).toBeHidden();
    await expect(brunoPage.getByRole('heading', { level: 1, name: 'News 2' })).toBeVisible();
    const comment = brunoPage.getByRole('list', { name: 'Comments and share notes' }).getByRole('listitem').first();
    await expect(comment).toContainText('Worth your time');
    await expect(comment.locator('strong', { hasText: `@${bruno.username}` })).toBeVisible();
    await expect(bell(brunoPage)).toHaveAccessibleName('Notifications, 4 unread');

    // Amelia shares the article publicly with a note; Bruno, who follows her, finds it on Shared.
    await ameliaPage.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = ameliaPage.getByRole('dialog', { name: 'Share article' });
    await dialog.getByLabel('Note').fill('The best thing I read this week');
    const publicly = dialog.getByRole('checkbox', { name: 'Add to instance RSS feed (publicly subscribable)' });
    await expect(publicly).toHaveAccessibleDescription('Only your followers will see this share.');
    await publicly.check();
    await expect(publicly).toHaveAccessibleDescription('Everyone on this instance, and the public RSS feed.');
    await dialog.getByRole('button', { name: 'Share' }).click();
    await expect(toast(ameliaPage, 'Article shared!')).toBeVisible();

    await brunoPage.getByRole('link', { name: 'Shared' }).first().click();
    await expect(brunoPage).toHaveURL(/\/shares$/);
    const shared = shareItem(brunoPage, amelia.displayName, 'News 2');
    await expect(shared.getByText('“The best thing I read this week”')).toBeVisible();
    await expect(shared.getByText('Public', { exact: true })).toBeVisible();
    await saveScreenshot(brunoPage, testInfo, 'journey-shared');

    // The instance's public feed is announced in the page's head and carries the share.
    const feedLink = brunoPage.locator('head link[rel="alternate"][type="application/rss+xml"][href="/api/public/rss"]');
    await expect(feedLink).toHaveAttribute('title', /public shares$/);
    const rss = await request.get('/api/public/rss');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    expect(await rss.text()).toContain('The best thing I read this week');
  } finally {
    await ameliaContext.close();
    await brunoContext.close();
  }
});
