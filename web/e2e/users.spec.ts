import type { Page } from '@playwright/test';
import { newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { apiArticleIds, apiComment, apiShare, apiViewerId } from './social.ts';
import { graphql, registerUser } from './users.ts';

/** The directory card of the user with this name. */
const userCard = (page: Page, name: string) => page.getByRole('list', { name: 'Users' }).getByRole('link').filter({ hasText: name });

/** Scrolls the directory, which loads a page at a time, until the card of this user has loaded. */
async function scrollToUserCard(page: Page, name: string) {
  const card = userCard(page, name);
  await expect(async () => {
    if ((await card.count()) === 0) await page.getByRole('list', { name: 'Users' }).getByRole('link').last().scrollIntoViewIfNeeded();
    await expect(card).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

test('the directory shows the other users with their activity, and a card opens the profile', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const active = await newsReader(request, feedSite, 2, 'active');
  const articles = await apiArticleIds(request, active.token);
  // Public shares, so a stranger's directory counts them (private ones count for followers only).
  await apiShare(request, active.token, { articleId: articles.get('News 1')!, note: 'Good one', isPublic: true });
  await apiShare(request, active.token, { articleId: articles.get('News 2')!, isPublic: true });
  await apiComment(request, active.token, articles.get('News 1')!, 'A comment');
  const quiet = await registerUser(request, 'quiet');
  // Without a display name, the username is the name and is not repeated.
  await graphql(request, 'mutation { updateProfile(input: { displayName: null }) { __typename } }', {}, quiet.token);
  const viewer = await registerUser(request, 'browser');
  await signIn(page, viewer.username, viewer.password, '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(userCard(page, viewer.username)).toHaveCount(0); // the others, not the viewer
  const activeCard = await scrollToUserCard(page, active.username);
  await expect(activeCard).toContainText(active.displayName);
  await expect(activeCard).toContainText(`@${active.username}`);
  await expect(activeCard.getByRole('listitem')).toHaveText(['2 shares', '1 comment']);
  const quietCard = await scrollToUserCard(page, quiet.username);
  await expect(quietCard.getByRole('heading')).toHaveText(quiet.username);
  await expect(quietCard).not.toContainText('@');
  await expect(quietCard.getByRole('list', { name: 'Activity' })).toHaveCount(0);
  await expectAccessible(page, 'users');
  await saveScreenshot(page, testInfo, 'users');

  await activeCard.click();
  await expect(page).toHaveURL(new RegExp(`/user/${encodeURIComponent(await apiViewerId(request, active.token))}$`));
  await expect(page.getByRole('heading', { level: 1, name: active.displayName })).toBeVisible();
  await expect(page.getByText('2 shared articles')).toBeVisible();

  // A user who has shared nothing.
  await page.goBack();
  await (await scrollToUserCard(page, quiet.username)).click();
  await expect(page.getByRole('heading', { level: 1, name: quiet.username })).toBeVisible();
  await expect(page.getByText(`@${quiet.username}`)).toBeVisible();
  await expect(page.getByText('0 shared articles')).toBeVisible();
  await expect(page.getByRole('heading', { name: "This user hasn't shared any articles" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expectAccessible(page, 'profile (empty)');
  await saveScreenshot(page, testInfo, 'profile-empty');
});

test('a directory with no one else says so', async ({ page, request }, testInfo) => {
  const viewer = await registerUser(request, 'alone');
  await signIn(page, viewer.username, viewer.password);
  // The instance under test is shared by every spec: the directory's answer is replaced by an empty one.
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'usersQuery')
      return route.fulfill({
        json: { data: { users: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } } },
      });
    await route.fallback();
  });
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'No other users yet' })).toBeVisible();
  await expect(page.getByText("You're the only user on this instance right now.")).toBeVisible();
  await expectAccessible(page, 'users (empty)');
  await saveScreenshot(page, testInfo, 'users-empty');
});

test('an unknown user is not found, and Go back returns', async ({ page, request }, testInfo) => {
  const viewer = await registerUser(request, 'lost');
  await signIn(page, viewer.username, viewer.password, '/users');
  await page.goto('/user/VXNlcjo5OTk5OTk'); // User:999999, not an id the server gives
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
  await expectAccessible(page, 'user not found');
  await saveScreenshot(page, testInfo, 'user-not-found');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/users$/);

  // An address that names no one, in the server's id format.
  await page.goto('/user/VXNlcjowMTk4MDAwMC0wMDAwLTcwMDAtODAwMC0wMDAwMDAwMDAwMDA=');
  await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();

  // A mangled address (the server refuses it as no user id at all), and an article's id in a profile's address.
  for (const mangled of ['not-an-id', 'QXJ0aWNsZTox']) {
    await page.goto(`/user/${mangled}`);
    await expect(page.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed to load user shares' })).toHaveCount(0);
  }
});
