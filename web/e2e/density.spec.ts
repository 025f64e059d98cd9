import type { Locator, Page } from '@playwright/test';
import { articleRow, articleRows, countLine, newsReader } from './articleList.ts';
import { expect, test } from './feedSite.ts';
import { expectAccessible, otherBrowser, saveScreenshot, signIn } from './page.ts';

/** How many rows of the list lie wholly inside the window as it is now. */
async function rowsInView(page: Page): Promise<number> {
  return articleRows(page)
    .evaluateAll((rows) =>
      rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
      }),
    )
    .then((rows) => rows.length);
}

const LONG_TITLE = 'How a small town kept its library open through a long winter'; // 60 characters

/** How many characters of `title` the row's title shows before its ellipsis, in the title's own font and width. */
function titleCharactersShown(heading: Locator, title: string): Promise<number> {
  return heading.evaluate((element, text) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(element.querySelector('a')!).font;
    let shown = 0;
    while (shown < text.length && context.measureText(`${text.slice(0, shown + 1)}…`).width <= element.clientWidth) shown += 1;
    return shown;
  }, title);
}

test(
  'the compact view: one line per article, chosen in the header, kept on the account',
  { tag: '@layout' },
  async ({ page, browser, request, feedSite }, testInfo) => {
    test.setTimeout(240_000); // two browsers, four screenshots and two axe checks: slow on a busy 2-core machine
    const user = await newsReader(request, feedSite, 20, 'compact');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await signIn(page, user.username, user.password, '/articles');
    await expect(countLine(page)).toHaveText('20 unread articles');

    const density = page.getByRole('group', { name: 'Density' });
    await expect(density.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    // Cards leave zero counts out.
    await expect(articleRow(page, 'News 20')).not.toContainText(/\b0 (comments|shares|likes)\b/);
    const cardsInView = await rowsInView(page);
    await saveScreenshot(page, testInfo, 'density-cards');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, testInfo, 'density-cards-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await density.getByRole('button', { name: 'Compact' }).click();
    await expect(density.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    const first = articleRow(page, 'News 20');
    await expect(first).toContainText('Fixture News');
    await expect(first.locator('time')).toHaveText(/^(now|\d+[mhd]|[A-Z][a-z]{2} \d+)/);
    await expect(first).toContainText('unread');
    await expect(first).not.toContainText(/\b0 (comments|shares|likes)\b/);
    // One line per article: on a desktop at least 15 whole rows fit; on a phone, well over the cards.
    const compactInView = await rowsInView(page);
    if (testInfo.project.use.isMobile) expect(compactInView).toBeGreaterThanOrEqual(Math.max(8, cardsInView * 2));
    else expect(compactInView).toBeGreaterThanOrEqual(15);
    // The title has most of the row: on a phone the feed and time go under it, and a 60-character title shows 40 or more.
    const [titleBox, timeBox] = await Promise.all([first.getByRole('heading').boundingBox(), first.locator('time').boundingBox()]);
    if (testInfo.project.use.isMobile) expect(timeBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height / 2);
    else expect(Math.abs(timeBox!.y + timeBox!.height / 2 - (titleBox!.y + titleBox!.height / 2))).toBeLessThan(4);
    expect(await titleCharactersShown(first.getByRole('heading'), LONG_TITLE)).toBeGreaterThanOrEqual(40);

    // The star is in the row, reachable by keyboard (Tab), and stars the article.
    const star = first.getByRole('button', { name: 'Star' });
    await star.focus();
    await expect(star).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('button', { name: 'Unstar' })).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'compact list');
    await saveScreenshot(page, testInfo, 'density-compact');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'compact list (dark)');
    await saveScreenshot(page, testInfo, 'density-compact-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Opening a row works as a card does; the compact view is still there after a reload and on another device.
    await first.getByRole('link', { name: 'News 20' }).click();
    await expect(page).toHaveURL(/\/article\/[^/]+$/);
    await page.goBack();
    await expect(countLine(page)).toHaveText('19 unread articles');
    await page.reload();
    await expect(page.getByRole('group', { name: 'Density' }).getByRole('button', { name: 'Compact' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The density is known before the reloaded list's rows are drawn.
    await expect.poll(() => rowsInView(page)).toBe(compactInView);
    const other = await otherBrowser(browser, testInfo);
    await signIn(other, user.username, user.password);
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    const otherDensity = other.getByRole('group', { name: 'Density' });
    await expect(otherDensity.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
    // Back to cards on the other device: the first one opens with cards next time.
    await otherDensity.getByRole('button', { name: 'Cards' }).click();
    await expect(otherDensity.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    await expect(articleRow(other, 'News 19')).toContainText('Item 19');
    await other.context().close();
    await page.reload();
    await expect(density.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  },
);
