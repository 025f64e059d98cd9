import type { APIRequestContext, Page } from '@playwright/test';
import { articleRow, articleRows, newsReader } from './articleList.ts';
import { expect, FEED_TITLES, test } from './feedSite.ts';
import { expectAccessible, saveElementScreenshot, saveScreenshot, signIn, toast } from './page.ts';
import { graphql } from './users.ts';

/** Adds a filter rule over the API (for the rules a journey starts with). */
async function apiRule(request: APIRequestContext, token: string, input: object): Promise<void> {
  const { createFilterRule } = await graphql<{ createFilterRule: { id?: string; message?: string } }>(
    request,
    'mutation ($input: FilterRuleInput!) { createFilterRule(input: $input) { ... on FilterRule { id } ... on Error { message } } }',
    { input },
    token,
  );
  if (!createFilterRule.id) throw new Error(`createFilterRule failed: ${createFilterRule.message}`);
}

/** The global id of the one feed the user reads. */
async function apiFeedId(request: APIRequestContext, token: string): Promise<string> {
  const { rootSubscriptions } = await graphql<{ rootSubscriptions: { feed: { id: string } }[] }>(
    request,
    'query { rootSubscriptions { feed { id } } }',
    {},
    token,
  );
  return rootSubscriptions[0]!.feed.id;
}

const rulesSection = (page: Page) => page.locator('section#rules');

/** Nothing is wider than the window (a phone scrolls only up and down). */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test(
  'a rule is tried, added, hides its articles behind a link, and is deleted; a feed is muted and unmuted from the menus',
  { tag: '@layout' },
  async ({ page, request, feedSite, isMobile }, testInfo) => {
    test.setTimeout(150_000);
    const reader = await newsReader(request, feedSite, 6, 'rules');
    const feedId = await apiFeedId(request, reader.token);
    // Two rules the journey starts with, which touch none of its articles.
    await apiRule(request, reader.token, { pattern: 'budget, election', fields: ['title'], action: 'star' });
    await apiRule(request, reader.token, { pattern: '^sponsored', isRegex: true, action: 'markRead', feedId });

    await signIn(page, reader.username, reader.password, '/articles');
    await expect(articleRows(page)).toHaveCount(6);
    await expect(page.getByText(/hidden by your rules/)).toHaveCount(0);

    // Settings → Rules: the rules in words, and a new one tried as it is typed.
    await page.goto('/settings#rules');
    const section = rulesSection(page);
    const rules = section.getByRole('list', { name: 'Your rules' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /Star articles whose title mentions “budget” or “election” — everywhere/,
      new RegExp(`Mark read articles whose title or content matches /\\^sponsored/ — in “${FEED_TITLES.news}”`),
    ]);
    await section.getByRole('button', { name: 'Add rule' }).click();
    const form = section.getByRole('form', { name: 'New rule' });
    // A regular expression RE2 cannot run is refused, the reason beside the field.
    await form.getByRole('checkbox', { name: 'Regular expression' }).check();
    await form.getByRole('textbox', { name: 'Regular expression' }).fill('(news');
    await expect(form.getByText(/^Not a regular expression Tidings can run: /)).toBeVisible();
    await form.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
    await form.getByRole('textbox', { name: 'Words or phrases' }).fill('News 2, news 3');
    const preview = form.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Would hide 2 of the last 6 articles');
    await expect(preview.getByRole('listitem')).toHaveText([/^News 3/, /^News 2/]);
    await expectAccessible(page, 'the rules with the form and its preview');
    await expectNoSideways(page);
    await section.scrollIntoViewIfNeeded();
    await saveElementScreenshot(page, testInfo, 'section#rules', 'rules-section');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(toast(page, 'Rule added')).toBeVisible();
    const added = rules.getByRole('listitem').filter({ hasText: '“News 2” or “news 3”' });
    await expect(added).toHaveText(/^Hide articles whose title or content mentions “News 2” or “news 3” — everywhere/);
    // Edited in place: the form comes back filled, and the sentence follows.
    await rules.getByRole('button', { name: /^Edit the rule: Star articles/ }).click();
    const editing = section.getByRole('form', { name: 'Edit rule' });
    await expect(editing.getByRole('textbox', { name: 'Words or phrases' })).toHaveValue('budget, election');
    await editing.getByRole('textbox', { name: 'Words or phrases' }).fill('budget, election, vote');
    await editing.getByRole('button', { name: 'Save rule' }).click();
    await expect(toast(page, 'Rule saved')).toBeVisible();
    await expect(rules.getByRole('listitem').first()).toHaveText(/^Star articles whose title mentions “budget”, “election” or “vote”/);

    // The list leaves them out, and says so with a link to them.
    await page.goto('/articles');
    await expect(articleRows(page)).toHaveCount(4);
    await expect(articleRow(page, 'News 2')).toHaveCount(0);
    await page.getByRole('link', { name: '2 hidden by your rules' }).click();
    await expect(page).toHaveURL(/filter=hidden/);
    await expect(page.getByText('2 articles hidden by your rules')).toBeVisible();
    await expect(articleRows(page)).toHaveCount(2);
    await expect(articleRow(page, 'News 3')).toBeVisible();
    await saveScreenshot(page, testInfo, 'rules-hidden-list');

    // Deleted (confirmed), the rule gives them back.
    await page.getByRole('link', { name: 'Change your rules' }).click();
    await expect(page).toHaveURL(/\/settings#rules$/);
    await rulesSection(page)
      .getByRole('button', { name: /^Delete the rule: Hide articles whose title or content mentions “News 2”/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Rule deleted')).toBeVisible();
    await expect(rulesSection(page).getByRole('list', { name: 'Your rules' }).getByRole('listitem')).toHaveCount(2);
    await page.goto('/articles');
    await expect(articleRows(page)).toHaveCount(6);

    // Mute this feed, from a row's menu: it leaves All, keeps its own list, and the sidebar marks it.
    await articleRow(page, 'News 4').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Mute this feed' }).click();
    await expect(toast(page, `Muted “${FEED_TITLES.news}”: its articles stay in its own list`)).toBeVisible();
    await expect(articleRows(page)).toHaveCount(0);
    if (!isMobile) {
      const sidebarFeed = page
        .getByRole('complementary', { name: 'Sidebar' })
        .getByRole('list', { name: 'Feeds' })
        .getByRole('listitem')
        .filter({ hasText: FEED_TITLES.news });
      await expect(sidebarFeed.getByTitle(/^Muted/)).toBeVisible();
    }
    await page.goto(`/articles?feed=${encodeURIComponent(feedId)}`);
    await expect(articleRows(page)).toHaveCount(6);

    // The reader's menu: Hide articles like this opens a rule of this feed with words of the title; Unmute.
    await articleRow(page, 'News 4').getByRole('link', { name: 'News 4' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News 4' })).toBeVisible();
    await expectNoSideways(page);
    await page.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Hide articles like this' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide articles like this' });
    await expect(dialog.getByRole('textbox', { name: 'Words or phrases' })).toHaveValue('News 4');
    await expect(dialog.getByRole('combobox', { name: 'Applies to' })).toHaveValue(`feed:${feedId}`);
    await expect(dialog.getByRole('checkbox', { name: 'Title' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Content' })).not.toBeChecked();
    await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Would hide 1 of the last 6 articles');
    await saveScreenshot(page, testInfo, 'rules-hide-like-this', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('group', { name: 'Article actions' }).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Unmute this feed' }).click();
    await expect(toast(page, `Unmuted “${FEED_TITLES.news}”`)).toBeVisible();

    // The rest draws nothing the phone has not shown above: it runs on the desktop only.
    if (isMobile) return;

    // Hide articles like this, from a row of the list: the rule is added and the row leaves behind the link.
    await page.goto('/articles?filter=all');
    await expect(articleRows(page)).toHaveCount(6);
    await articleRow(page, 'News 5').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Hide articles like this' }).click();
    await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Would hide 1 of the last 6 articles');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(toast(page, 'Rule added')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(articleRows(page)).toHaveCount(5);
    await expect(articleRow(page, 'News 5')).toHaveCount(0);
    await expect(page.getByRole('link', { name: '1 hidden by your rules' })).toBeVisible();

    // Mute a word: a hide rule for everything in one step.
    await page.goto('/settings#rules');
    const muteWord = rulesSection(page).getByRole('textbox', { name: 'Mute a word' });
    await muteWord.fill('News 6');
    await rulesSection(page).getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(toast(page, 'Rule added')).toBeVisible();
    await expect(muteWord).toHaveValue('');
    await expect(rulesSection(page).getByRole('list', { name: 'Your rules' }).getByRole('listitem').last()).toHaveText(
      /^Hide articles whose title or content mentions “News 6” — everywhere/,
    );
    await page.goto('/articles?filter=all');
    await expect(articleRows(page)).toHaveCount(4);
    await expect(page.getByRole('link', { name: '2 hidden by your rules' })).toBeVisible();
  },
);
