import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import { INBOUND_DOMAIN, inboundSmtpPort } from './inboundMail.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

// Nodemailer is the API's (a devDependency there), found from its workspace: a real SMTP client, as a mail server.
const nodemailer = createRequire(new URL('../../api/package.json', import.meta.url))('nodemailer') as typeof Nodemailer;

const SENDER = 'Harbour Weekly';
const ISSUE = 'Harbour Weekly #1';
const UNSUBSCRIBE = 'https://harbour.test/unsubscribe?u=42';

/** Sends the first issue of Harbour Weekly to `to` over SMTP, as a newsletter service would. */
async function sendIssue(to: string) {
  const mailer = nodemailer.createTransport({ host: '127.0.0.1', port: inboundSmtpPort(), secure: false, ignoreTLS: true });
  await mailer.sendMail({
    from: `${SENDER} <weekly@harbour.test>`,
    to,
    subject: ISSUE,
    headers: { 'List-Unsubscribe': `<${UNSUBSCRIBE}>, <mailto:leave@harbour.test>` },
    html:
      '<p><a href="https://harbour.test/issues/1">View in browser</a></p>' +
      '<h2>Tides this week</h2><p>The spring tides bring the fishing fleet home early on Thursday.</p>',
    text: 'Tides this week. The spring tides bring the fishing fleet home early on Thursday.',
  });
  mailer.close();
}

const newsletters = (page: Page) => page.getByRole('region', { name: 'Newsletters' });
const addressField = (page: Page) => newsletters(page).getByLabel('Your newsletter address');

/** A new reader on Settings → Newsletters: their address, read from the field. */
async function openNewsletterSettings(page: Page, prefix: string) {
  const user = await registerUser(page.request, prefix);
  await signIn(page, user.username, user.password, '/settings#newsletters');
  await expect(addressField(page)).toHaveValue(new RegExp(`^[a-z2-7]+@${INBOUND_DOMAIN.replace(/\./g, '\\.')}$`));
  // Under the top bars (the section's scroll margin), as the section list puts it.
  await newsletters(page).evaluate((section) => section.scrollIntoView({ block: 'start' }));
  return (await addressField(page).inputValue()).trim();
}

/** Opens the issue in the reader from its feed in the sidebar's "Newsletters" folder (reloading until it arrived). */
async function openIssueFromSidebar(page: Page) {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const feed = sidebar.getByRole('list', { name: 'Feeds in Newsletters' }).getByRole('link', { name: new RegExp(`^${SENDER}`) });
  await page.goto('/articles');
  await expect(async () => {
    if (!(await feed.isVisible())) await page.reload();
    await expect(feed).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await feed.click();
  await page.getByRole('article', { name: ISSUE, exact: true }).getByRole('link', { name: ISSUE }).click();
}

/** The reader shows the issue: its content, and where to unsubscribe. */
async function expectIssue(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: ISSUE })).toBeVisible();
  await expect(page.locator('.article-content')).toContainText('The spring tides bring the fishing fleet home early');
  const unsubscribe = page.getByRole('link', { name: 'Unsubscribe from this newsletter' });
  await expect(unsubscribe).toHaveAttribute('href', UNSUBSCRIBE);
  await expect(unsubscribe).toHaveAttribute('target', '_blank');
}

test('newsletters: the address is copied from Settings and replaced, an issue sent to it is read in the Newsletters folder', async ({
  page,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const address = await openNewsletterSettings(page, 'letters');
  await expect(newsletters(page)).toContainText(address.replace('@', '+tech@'));
  await newsletters(page).getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // A new address, once confirmed; the copied one is shown as the previous one, still taking mail for a week.
  await newsletters(page).getByRole('button', { name: 'New address' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('The current address keeps working for 7 days, then mail to it is refused.');
  await dialog.getByRole('button', { name: 'New address' }).click();
  await expect(toast(page, 'New address ready')).toBeVisible();
  await expect(addressField(page)).not.toHaveValue(address);
  await expect(newsletters(page)).toContainText(`Your previous address ${address} keeps taking mail until`);
  await expectAccessible(page, 'Settings → Newsletters');
  await saveScreenshot(page, testInfo, 'newsletters-settings', { fullPage: false });

  await sendIssue(address);
  await openIssueFromSidebar(page);
  await expectIssue(page);
  await saveScreenshot(page, testInfo, 'newsletters-issue', { fullPage: false });
});

test('newsletters on a phone: the address fits its section, the issue its reader', { tag: '@layout' }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the desktop reads the whole journey above');
  const address = await openNewsletterSettings(page, 'phoneletters');
  const field = await addressField(page).boundingBox();
  const copy = await newsletters(page).getByRole('button', { name: 'Copy' }).boundingBox();
  expect(field!.height).toBeGreaterThanOrEqual(40); // its own full-height row above Copy, not squeezed beside it
  expect(field!.x + field!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(copy!.x + copy!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await saveScreenshot(page, testInfo, 'newsletters-settings', { fullPage: false });

  await sendIssue(address);
  // A phone has no sidebar beside the list: the issue is opened from all articles.
  await page.goto('/articles');
  const issue = page.getByRole('article', { name: ISSUE, exact: true }).getByRole('link', { name: ISSUE });
  await expect(async () => {
    if (!(await issue.isVisible())) await page.reload();
    await expect(issue).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await issue.click();
  await expectIssue(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await saveScreenshot(page, testInfo, 'newsletters-issue', { fullPage: false });
});
