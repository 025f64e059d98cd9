import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe, expect, FEED_TITLES, test, type FeedSite } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { apiComment, apiFollow, apiShare, apiViewerId } from './social.ts';
import { graphql, registerUser } from './users.ts';

const PLACEHOLDER = 'Add a comment... Use @username to mention people.';

/** A new user subscribed to the fixture news feed, signed in and reading its one article ('News 1'). */
async function openArticle(page: Page, request: APIRequestContext, feedSite: FeedSite, prefix: string) {
  const user = await registerUser(request, prefix);
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  const { articles } = await graphql<{ articles: { edges: { node: { id: string } }[] } }>(
    request,
    'query { articles(filter: ALL, first: 1) { edges { node { id } } } }',
    {},
    user.token,
  );
  const articleId = articles.edges[0]!.node.id;
  await signIn(page, user.username, user.password, `/article/${articleId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'News 1' })).toBeVisible();
  return { user, articleId };
}

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Comments \(\d+\)$/ });
const conversation = (page: Page) => page.getByRole('list', { name: 'Comments and share notes' }).getByRole('listitem');
const shareButton = (page: Page) =>
  page.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'Share', exact: true });
const commentField = (page: Page) => page.getByRole('combobox', { name: 'Your comment' });

test('a comment is posted and counted, edited in place, and deleted after confirmation', async ({ page, request, feedSite }, testInfo) => {
  await openArticle(page, request, feedSite, 'commenter');
  await expect(heading(page)).toHaveText('Comments (0)');
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  const post = page.getByRole('button', { name: 'Post Comment' });
  await expect(commentField(page)).toHaveAttribute('placeholder', PLACEHOLDER);
  await expect(post).toBeDisabled();
  await commentField(page).fill('   ');
  await expect(post).toBeDisabled(); // blank after trimming
  await expectAccessible(page, 'reader without comments');
  await saveScreenshot(page, testInfo, 'comments-empty');

  await commentField(page).fill('A clear write-up. <b>Not bold</b>');
  await post.click();
  await expect(toast(page, 'Comment added')).toBeVisible();
  await expect(heading(page)).toHaveText('Comments (1)');
  await expect(commentField(page)).toHaveValue('');
  const item = conversation(page).first();
  await expect(item).toContainText('A clear write-up. <b>Not bold</b>'); // escaped text, never HTML
  await expect(item.locator('b')).toHaveCount(0);
  await expect(item.getByText(/ago$/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Article actions' })).toBeVisible();

  await item.getByRole('button', { name: 'Edit comment' }).click();
  const editor = item.getByRole('combobox', { name: 'Edit your comment' });
  await expect(editor).toHaveValue('A clear write-up. <b>Not bold</b>');
  await editor.fill('  ');
  await expect(item.getByRole('button', { name: 'Save' })).toBeDisabled();
  await editor.fill('A clear write-up, edited.');
  await saveScreenshot(page, testInfo, 'comments-editing');
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Comment updated')).toBeVisible();
  await expect(item).toContainText('A clear write-up, edited.');
  await expect(editor).toBeHidden();

  await item.getByRole('button', { name: 'Delete comment' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete comment' });
  await expect(confirm).toContainText('Are you sure you want to delete this comment? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toContainText('A clear write-up, edited.');
  await item.getByRole('button', { name: 'Delete comment' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Comment deleted')).toBeVisible();
  await expect(heading(page)).toHaveText('Comments (0)');
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await page.reload();
  await expect(heading(page)).toHaveText('Comments (0)');
});

test('@mentions are suggested as you type and chosen with the keyboard or a click', async ({ page, request, feedSite }, testInfo) => {
  // Two people whose names start alike, and with a stem no other test's users have.
  const stem = `pal${Date.now().toString(36).slice(-4)}${testInfo.project.name[0]}`;
  const first = await registerUser(request, stem);
  const second = await registerUser(request, stem);
  await openArticle(page, request, feedSite, 'mentioner');
  const field = commentField(page);
  const suggestions = page.getByRole('listbox', { name: 'People to mention' });

  await field.fill('@');
  await expect(suggestions).toBeVisible();
  expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(5); // the first 5 users when nothing is typed yet
  await field.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/article\//); // Escape closed the list, and did not leave the reader

  // The field at the bottom edge of a short window, as under a long article: the list it opens is brought into view.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 480 });
  await field.evaluate((element) => element.scrollIntoView({ block: 'end' }));
  await field.fill(`Thanks @${stem}`);
  const options = suggestions.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.last()).toBeInViewport({ ratio: 1 });
  await page.setViewportSize(viewport);
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await saveScreenshot(page, testInfo, 'comments-mentions');
  await field.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowDown'); // wraps around
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await field.press('ArrowUp');
  const chosen = (await options.nth(1).textContent())!.includes(first.username) ? first : second;
  const other = chosen === first ? second : first;
  await field.press('Enter');
  await expect(field).toHaveValue(`Thanks @${chosen.username} `);
  await expect(suggestions).toBeHidden();

  await field.pressSequentially(`and @${other.username.slice(0, -1)}`);
  await expect(options).toHaveCount(1);
  await options.first().click();
  await expect(field).toHaveValue(`Thanks @${chosen.username} and @${other.username} `);
  await field.pressSequentially('for the tip');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(page, 'Comment added')).toBeVisible();
  const comment = conversation(page).first();
  await expect(comment.locator('strong', { hasText: `@${chosen.username}` })).toBeVisible();
  await expect(comment.locator('strong', { hasText: `@${other.username}` })).toBeVisible();
});

test("other people's comments and share notes are listed newest first, without edit or delete", async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  const { user, articleId } = await openArticle(page, request, feedSite, 'listener');
  const friend = await registerUser(request, 'friend');
  // A private share reaches its sharer's followers only.
  await apiFollow(request, user.token, await apiViewerId(request, friend.token));
  await apiComment(request, friend.token, articleId, 'First thoughts from a friend');
  await apiShare(request, friend.token, { articleId, note: 'Passing this on', isPublic: false });
  await page.reload();

  await expect(heading(page)).toHaveText('Comments (2)');
  await expect(conversation(page)).toHaveCount(2);
  await expect(conversation(page).first()).toContainText('shared this');
  await expect(conversation(page).first()).not.toContainText('publicly');
  await expect(conversation(page).first()).toContainText('Passing this on');
  await expect(conversation(page).nth(1)).toContainText('First thoughts from a friend');
  await expect(conversation(page).nth(1).getByRole('link', { name: friend.displayName })).toHaveAttribute('href', /\/user\//);
  await expect(page.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete comment' })).toHaveCount(0);
  await expectAccessible(page, 'reader with comments');
  await saveScreenshot(page, testInfo, 'comments-list');
});

test('sharing with a public note puts it among the comments, and the dialog opens with the share', async ({
  page,
  request,
  feedSite,
}, testInfo) => {
  await openArticle(page, request, feedSite, 'sharer');
  await shareButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Share article' });
  await expect(dialog.getByText('0/1000 characters')).toBeVisible();
  const note = dialog.getByLabel('Note');
  await note.fill('Read the second half');
  await expect(dialog.getByText('20/1000 characters')).toBeVisible();
  await note.fill('x'.repeat(1200));
  await expect(note).toHaveValue('x'.repeat(1000)); // at most 1000
  await expect(dialog.getByText('1000/1000 characters')).toBeVisible();
  await note.fill('Read the second half, @nobody');
  const isPublic = dialog.getByRole('checkbox', { name: 'Add to instance RSS feed (publicly subscribable)' });
  await expect(isPublic).not.toBeChecked();
  await isPublic.check();
  await expectAccessible(page, 'share dialog');
  await saveScreenshot(page, testInfo, 'share-dialog');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Article shared!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(heading(page)).toHaveText('Comments (1)');
  const item = conversation(page).first();
  await expect(item).toContainText('shared this publicly');
  await expect(item).toContainText('Read the second half, @nobody');
  await expect(toast(page, 'Article shared!')).toHaveCount(0); // so the next toast is the second share's own

  await shareButton(page).click();
  await expect(dialog.getByLabel('Note')).toHaveValue('Read the second half, @nobody');
  await expect(isPublic).toBeChecked();
  await isPublic.uncheck();
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Article shared!')).toBeVisible();
  await expect(item).toContainText('shared this');
  await expect(item).not.toContainText('publicly');
  await expect(heading(page)).toHaveText('Comments (1)'); // sharing again updated the one share
});

test('a link to a feed in a comment becomes a subscribe card', async ({ page, request, feedSite }, testInfo) => {
  await openArticle(page, request, feedSite, 'linker');
  await commentField(page).fill(`Their blog has a feed too: ${feedSite.url('index.html')}`);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(page, 'Comment added')).toBeVisible();

  // The link's feed is found by a background job: the card appears once it has run, with no reload.
  const subscribe = page.getByRole('button', { name: `Subscribe to ${FEED_TITLES.rss}` });
  await expect(subscribe).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'reader with a subscribe card');
  await saveScreenshot(page, testInfo, 'comments-subscribe-card');

  await subscribe.click();
  await expect(toast(page, `Subscribed to ${FEED_TITLES.rss}!`)).toBeVisible();
  const card = conversation(page).first();
  await expect(card.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(subscribe).toBeHidden();

  // Offered again after a reload, the server's 'already subscribed' answer shows the card as subscribed.
  await page.reload();
  await subscribe.click();
  await expect(toast(page, 'Already subscribed to this feed')).toBeVisible();
  await expect(card.getByText('Subscribed', { exact: true })).toBeVisible();
});
