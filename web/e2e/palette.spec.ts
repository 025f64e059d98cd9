import type { Page } from '@playwright/test';
import { newsReader } from './articleList.ts';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { registerUser } from './users.ts';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByPlaceholder('Search commands...');
const results = (page: Page) => palette(page).getByRole('option');

test(
  'the command palette goes to places, feeds and users, and searches the page',
  { tag: '@layout' },
  async ({ page, request, feedSite, isMobile }, testInfo) => {
    // The server finds users as one types: this one sorts after the many others the shared e2e server has by then.
    const other = await registerUser(request, 'zzpal');
    const viewer = await newsReader(request, feedSite, 2, 'paletteer');
    await signIn(page, viewer.username, viewer.password);

    // Phones open it from the top bar's search button; keyboards with /.
    const open = async () => {
      const searchButton = page.getByRole('banner').getByRole('button', { name: 'Search' });
      await expect(searchButton).toBeVisible(); // the shell, and so the palette's key, is there
      if (isMobile) await searchButton.click();
      else await page.keyboard.press('/');
      // The first time, the palette's chunk loads first.
      await expect(paletteInput(page)).toBeFocused({ timeout: 15_000 });
    };

    await open();
    await expect(results(page)).toHaveCount(10); // of more than ten commands
    await expectAccessible(page, 'command palette');
    await saveScreenshot(page, testInfo, 'palette');
    await paletteInput(page).fill('DISCOVER');
    await expect(results(page).first()).toContainText('Discover Feeds');
    await page.keyboard.press('Enter');
    await expect(palette(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/discover$/);

    // One entry per subscribed feed.
    await open();
    await paletteInput(page).fill('fixture news');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/articles\?.*feed=/);

    // A typed address is subscribed to from the palette, which then shows the new feed's articles.
    await open();
    await paletteInput(page).fill(feedSite.url('atom.xml'));
    await expect(results(page).last()).toContainText(`Subscribe to ${feedSite.url('atom.xml')}`);
    await results(page).last().click();
    await expect(palette(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: FEED_TITLES.atom })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Relative links & HTML content' })).toBeVisible();

    // One entry per user, matched on the description (@username) too; arrows move the choice.
    await open();
    await paletteInput(page).fill(`@${other.username}`);
    await expect(results(page)).toHaveCount(1);
    await paletteInput(page).fill('articles');
    await expect(results(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toHaveCount(0);

    // On /articles, 'Search Articles' focuses the list's search field.
    await open();
    await paletteInput(page).fill('search');
    await expect(results(page).first()).toContainText('Search Articles');
    await page.keyboard.press('Enter');
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await expect(search).toBeFocused();
    await saveScreenshot(page, testInfo, 'palette-search-articles');

    if (!isMobile) {
      // Typing / in a field types it.
      await page.keyboard.type('a/b');
      await expect(search).toHaveValue('a/b');
      await expect(palette(page)).toHaveCount(0);
    }

    await page.goto('/users');
    await open();
    await paletteInput(page).fill(other.username);
    // The user comes from the server as one types; Enter runs what the list shows.
    await expect(results(page).first()).toContainText(other.displayName);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: other.displayName })).toBeVisible();
  },
);
