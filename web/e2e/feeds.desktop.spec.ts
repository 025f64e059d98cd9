import type { Locator, Page } from '@playwright/test';
import { articleRows } from './articleList.ts';
import { apiSubscribe, expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

/** Drags with the mouse in small steps, as a person would (dnd-kit starts a drag after a few pixels). */
async function drag(page: Page, from: Locator, to: Locator) {
  const source = (await from.boundingBox())!;
  const target = (await to.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, { steps: 5 });
  await page.mouse.move(target.x + 40, target.y + Math.min(16, target.height / 2), { steps: 15 });
  await page.mouse.up();
}

test('adds feeds with Detect: one found is chosen, several are offered as choices', async ({ page, request, feedSite }, testInfo) => {
  const user = await registerUser(request, 'detect');
  await signIn(page, user.username, user.password);
  const sidebar = sidebarOf(page);
  // A button opens the form in place, with the focus in its field; a feed added closes it.
  const addFeed = sidebar.getByRole('button', { name: 'Add feed', exact: true });
  const form = sidebar.getByRole('form', { name: 'Add feed' });
  const url = form.getByLabel('Feed or website URL');
  const detect = form.getByRole('button', { name: 'Detect' });
  const add = form.getByRole('button', { name: 'Add Feed' });
  await expect(form).toHaveCount(0);
  await expect(addFeed).toHaveAttribute('aria-expanded', 'false');
  await addFeed.click();
  await expect(url).toBeFocused();
  await expect(addFeed).toHaveAttribute('aria-expanded', 'true');
  await expect(url).toHaveAttribute('type', 'url');
  await expect(add).toBeDisabled();
  await expect(detect).toBeDisabled();

  await url.fill(feedSite.url('rss.xml'));
  await detect.click();
  const rss = sidebar.getByRole('radio', { name: new RegExp(FEED_TITLES.rss) });
  await expect(rss).toBeChecked();
  await expect(sidebar.getByText('News from Example')).toBeVisible(); // the description
  await add.click();
  await expect(toast(page, 'Feed subscribed!')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(addFeed).toBeFocused();
  await expect(sidebar.getByRole('link', { name: FEED_TITLES.rss })).toBeVisible();

  await addFeed.click();
  await expect(url).toHaveValue(''); // a new form: nothing typed or found before
  await url.fill(feedSite.url('index.html'));
  await detect.click();
  await expect(sidebar.getByRole('radio')).toHaveCount(3);
  await expect(sidebar.getByRole('radio', { checked: true })).toHaveCount(0);
  // The feed already followed says so and cannot be chosen.
  await expect(sidebar.getByRole('radio', { name: `${FEED_TITLES.rss} Subscribed`, exact: false })).toBeDisabled();
  await expect(form.getByText('3 feeds found — choose one')).toBeVisible();
  await expectAccessible(page, 'detected feeds');
  await saveScreenshot(page, testInfo, 'feeds-detected');
  await url.fill(feedSite.url('index.html?changed'));
  await expect(sidebar.getByRole('radio')).toHaveCount(0); // a changed URL clears what was found
  await url.fill(feedSite.url('index.html'));
  await detect.click();
  await sidebar.getByRole('radio', { name: new RegExp(FEED_TITLES.atom) }).check();
  await add.click();
  await expect(toast(page, 'Feed subscribed!')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: FEED_TITLES.atom })).toBeVisible();

  // A refusal keeps the form open with what was typed; Escape closes it and the focus goes back to its button.
  await addFeed.click();
  await url.fill(feedSite.url('rss.xml'));
  await add.click();
  await expect(toast(page, 'Already subscribed to this feed')).toBeVisible();
  await expect(url).toHaveValue(feedSite.url('rss.xml'));
  await url.fill(feedSite.url('plain.html'));
  await detect.click();
  await expect(toast(page, 'No RSS feeds found at this URL')).toBeVisible();
  await url.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(addFeed).toBeFocused();

  await sidebar.getByRole('link', { name: FEED_TITLES.atom }).click();
  await expect(page).toHaveURL(/\/articles\?feed=[^&]+&filter=all$/);
  await expect(sidebar.getByRole('link', { name: FEED_TITLES.atom })).toHaveAttribute('aria-current', 'page');
});

test('folders: create, drag feeds in and out, rename, delete; unsubscribe', async ({ page, request, feedSite }, testInfo) => {
  const user = await registerUser(request, 'folders');
  await apiSubscribe(request, user.token, feedSite.url('rss.xml'));
  await apiSubscribe(request, user.token, feedSite.url('feed.json'));
  await signIn(page, user.username, user.password);
  const sidebar = sidebarOf(page);

  const newFolder = sidebar.getByRole('button', { name: 'New folder' });
  const folderForm = sidebar.getByRole('form', { name: 'Create folder' });
  const name = folderForm.getByLabel('New folder name');
  const create = folderForm.getByRole('button', { name: 'Create' });
  await newFolder.click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('maxlength', '100');
  await expect(create).toBeDisabled();
  await name.fill('   ');
  await expect(create).toBeDisabled();
  await name.fill('Reading');
  await saveScreenshot(page, testInfo, 'feeds-new-folder');
  await create.click();
  await expect(toast(page, 'Folder created!')).toBeVisible();
  await expect(folderForm).toHaveCount(0);
  await expect(newFolder).toBeFocused();
  await newFolder.click();
  await name.fill('Reading');
  await create.click();
  await expect(toast(page, 'A folder with this name already exists')).toBeVisible();
  await folderForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(folderForm).toHaveCount(0);
  await expect(newFolder).toBeFocused();

  const folders = sidebar.getByRole('list', { name: 'Folders' });
  const folder = folders.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Reading' }) });
  const inFolder = sidebar.getByRole('list', { name: 'Feeds in Reading' });
  const rootFeeds = sidebar.getByRole('list', { name: 'Feeds' });
  await expect(folder).toContainText('0 feeds');

  // Mouse: a root feed into the folder, and back to the root drop area.
  await drag(page, rootFeeds.getByRole('link', { name: FEED_TITLES.rss }), folder.getByRole('link', { name: 'Reading' }));
  await expect(toast(page, 'Feed moved!')).toBeVisible();
  await expect(inFolder.getByRole('link', { name: FEED_TITLES.rss })).toBeVisible();
  await expect(folder).toContainText('1 feed');
  await expectAccessible(page, 'sidebar with feeds and folders');
  await saveScreenshot(page, testInfo, 'feeds-folders');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'sidebar with feeds and folders (dark)');
  await saveScreenshot(page, testInfo, 'feeds-folders-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await drag(page, inFolder.getByRole('link', { name: FEED_TITLES.rss }), sidebar.getByText('Drop feeds here to remove from folders'));
  await expect(rootFeeds.getByRole('link', { name: FEED_TITLES.rss })).toBeVisible();
  await expect(folder).toContainText('0 feeds');

  // Keyboard: Space picks the feed up, the arrow keys step between drop targets, Space drops it.
  await rootFeeds.getByRole('button', { name: `Move ${FEED_TITLES.json}` }).focus();
  // Each key waits for the screen-reader announcement of the one before: the sensor listens only once the drag has begun.
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press('Space');
  await announced(`Picked up ${FEED_TITLES.json}.`);
  await page.keyboard.press('ArrowUp');
  await announced(`${FEED_TITLES.json} is over folder Reading.`);
  await page.keyboard.press('Space');
  await expect(inFolder.getByRole('link', { name: FEED_TITLES.json })).toBeVisible();

  // Folders expand and collapse.
  await sidebar.getByRole('button', { name: 'Collapse Reading' }).click();
  await expect(inFolder).toBeHidden();
  await sidebar.getByRole('button', { name: 'Expand Reading' }).click();
  await expect(inFolder).toBeVisible();

  await folder.getByRole('link', { name: 'Reading' }).click();
  await expect(page).toHaveURL(/\/articles\?folder=[^&]+&filter=all$/);
  await expect(folder.getByRole('link', { name: 'Reading' })).toHaveAttribute('aria-current', 'page');

  await sidebar.getByRole('button', { name: 'Actions for folder Reading' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename folder' });
  await renameDialog.getByLabel('Folder name').fill('Later');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Folder renamed!')).toBeVisible();

  await sidebar.getByRole('button', { name: 'Actions for folder Later' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete folder' });
  await expect(confirm).toContainText('Delete "Later"? Feeds will be moved to root level.');
  await expectAccessible(page, 'delete folder confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Folder deleted!')).toBeVisible();
  await expect(sidebar.getByRole('list', { name: 'Folders' })).toHaveCount(0);
  await expect(rootFeeds.getByRole('link', { name: FEED_TITLES.json })).toBeVisible();

  await sidebar.getByRole('button', { name: `Actions for ${FEED_TITLES.json}` }).click();
  await page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
  const unsubscribe = page.getByRole('alertdialog', { name: 'Unsubscribe' });
  await expect(unsubscribe).toContainText(`Unsubscribe from "${FEED_TITLES.json}"?`);
  await unsubscribe.getByRole('button', { name: 'Cancel' }).click();
  await expect(rootFeeds.getByRole('link', { name: FEED_TITLES.json })).toBeVisible();
  // Unsubscribed from the feed whose list is open, the list of everything takes its place, without its articles.
  await rootFeeds.getByRole('link', { name: FEED_TITLES.json }).click();
  await expect(page).toHaveURL(/feed=/);
  await expect(articleRows(page).filter({ hasText: FEED_TITLES.json }).first()).toBeVisible();
  await sidebar.getByRole('button', { name: `Actions for ${FEED_TITLES.json}` }).click();
  await page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
  await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(toast(page, 'Unsubscribed from feed')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: FEED_TITLES.json })).toHaveCount(0);
  await expect(page).not.toHaveURL(/feed=/);
  await expect(articleRows(page).filter({ hasText: FEED_TITLES.rss }).first()).toBeVisible();
  await expect(articleRows(page).filter({ hasText: FEED_TITLES.json })).toHaveCount(0);

  await sidebar.getByRole('button', { name: `Actions for ${FEED_TITLES.rss}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename feed' }).getByRole('textbox').fill('My blog');
  await page.getByRole('dialog', { name: 'Rename feed' }).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Feed renamed!')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'My blog' })).toBeVisible();
  // The list's articles carry the new name at once.
  await expect(articleRows(page).filter({ hasText: 'My blog' }).first()).toBeVisible();
  await expect(articleRows(page).filter({ hasText: FEED_TITLES.rss })).toHaveCount(0);
});

test('refresh all counts new articles, and a failing feed is marked with its error', async ({ page, request, feedSite }, testInfo) => {
  const user = await registerUser(request, 'refresh');
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  await signIn(page, user.username, user.password);
  const sidebar = sidebarOf(page);
  const refresh = sidebar.getByRole('button', { name: 'Refresh all feeds' });

  feedSite.publish(3);
  feedSite.slowDown(800);
  await refresh.click();
  await expect(refresh).toBeDisabled(); // and spinning, while it runs
  await expect(toast(page, 'Found 2 new articles')).toBeVisible();
  await expect(refresh).toBeEnabled();
  feedSite.publish(4);
  feedSite.slowDown(0);
  await refresh.click();
  await expect(toast(page, 'Found 1 new article')).toBeVisible();
  await refresh.click();
  await expect(toast(page, 'All feeds are up to date')).toBeVisible();

  feedSite.break();
  await refresh.click();
  await expect(toast(page, '1 feed failed to refresh')).toBeVisible(); // never "up to date" when one failed
  const feed = sidebar.getByRole('link', { name: FEED_TITLES.news });
  await expect(feed).toHaveAccessibleDescription(/This feed failed to update: .*500/);
  await expect(sidebar.locator('[title*="500"]')).toBeVisible();
  await expectAccessible(page, 'failing feed');
  await saveScreenshot(page, testInfo, 'feeds-failing');
});
