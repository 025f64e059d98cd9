import { expect, test, type Page } from '@playwright/test';
import { POSTMARK_REFUSAL, REFUSED_RECIPIENT_DOMAIN } from './fakeServices.ts';
import { expectAccessible, saveScreenshot, toast } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE } from './users.ts';

// The admin panel's Statistics, Analytics and Email tabs, as the administrator, on desktop and phone. The e2e server
// sends e-mail to a fake Postmark and has a fake web-analytics dashboard (fakeServices.ts).
test.use({ storageState: ADMIN_STORAGE_STATE });

const panel = (page: Page, name: string) => page.getByRole('region', { name });

async function openTab(page: Page, tab: string, label: string) {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveTitle(`Admin Panel · ${label} · Tidings`);
}

test(
  'Statistics shows the four stat cards, the popular feeds and the recently active users',
  { tag: '@layout' },
  async ({ page }, testInfo) => {
    await openTab(page, 'statistics', 'Statistics');
    for (const [label, detail] of [
      ['Total Users', /active \(7 days\)$/],
      ['Total Feeds', /with errors$/],
      ['Total Articles', /subscriptions?$/],
      ['Engagement', /shares? · .* comments?$/],
    ] as const) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
      await expect(page.getByText(detail)).toBeVisible();
    }
    await expect(panel(page, 'Popular Feeds')).toBeVisible();
    // The administrator is using the app right now.
    await expect(panel(page, 'Recently Active Users').getByText(`@${ADMIN.username}`)).toBeVisible();

    // On a phone the cards stack: one column, each under the one before.
    const cards = [page.getByText('Total Users', { exact: true }), page.getByText('Total Feeds', { exact: true })];
    const [first, second] = await Promise.all(cards.map((card) => card.boundingBox()));
    if (testInfo.project.name === 'mobile') {
      expect(second!.x).toBe(first!.x);
      expect(second!.y).toBeGreaterThan(first!.y);
    } else {
      expect(second!.y).toBe(first!.y);
    }
    await expectAccessible(page, 'admin statistics');
    await saveScreenshot(page, testInfo, 'admin-statistics');

    // A phone shows some of the tabs: the row scrolls, its far end fades while tabs lie beyond it, and a tab opened
    // by its address is scrolled into view, the start fading then (ratio: the row clips the pixel of each tab that
    // overlaps its bottom line).
    const fades = { before: page.getByTestId('admin-tabs-more-before'), after: page.getByTestId('admin-tabs-more-after') };
    const mobile = testInfo.project.name === 'mobile';
    await expect(fades.before).toHaveAttribute('data-shown', 'false');
    await expect(fades.after).toHaveAttribute('data-shown', String(mobile));
    if (mobile) {
      await openTab(page, 'database', 'Database');
      await expect(page.getByRole('tab', { name: 'Database' })).toBeInViewport({ ratio: 0.95 });
      await expect(fades.before).toHaveAttribute('data-shown', 'true');
      await expect(fades.after).toHaveAttribute('data-shown', 'false');
      // A tab chosen glides to the middle of the row.
      const feeds = page.getByRole('tab', { name: 'Feeds' });
      await feeds.click();
      await expect(feeds).toHaveAttribute('aria-selected', 'true');
      const middle = page.viewportSize()!.width / 2;
      await expect.poll(async () => feeds.boundingBox().then((box) => Math.abs(box!.x + box!.width / 2 - middle))).toBeLessThan(2);
      await expect(fades.before).toHaveAttribute('data-shown', 'true');
      await expect(fades.after).toHaveAttribute('data-shown', 'true');
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, testInfo, 'admin-tabs-scrolled');
    }
  },
);

test('Analytics shows the insights and the configured web-analytics dashboard with its figures', async ({ page }, testInfo) => {
  await openTab(page, 'analytics', 'Analytics');
  for (const name of ['Instance Health', 'Engagement', 'Growth', 'Popular Feeds', 'Weak Signals', 'Broken Feeds']) {
    await expect(panel(page, name)).toBeVisible();
  }
  await expect(panel(page, 'Instance Health').getByText('Active, 30 days')).toBeVisible();
  await expect(panel(page, 'Growth').getByText('New users, last week')).toBeVisible();

  const web = panel(page, 'Web Analytics');
  await expect(web.getByText('Page views')).toBeVisible();
  await expect(web.getByText('1,284')).toBeVisible();
  await expect(web.getByText('37%')).toBeVisible(); // 148 bounces of 400 visits
  await expect(web.getByText('/shares')).toBeVisible();
  const link = web.getByRole('link', { name: 'Open dashboard in a new tab' });
  await expect(link).toHaveAttribute('target', '_blank');
  const dashboardUrl = (await link.getAttribute('href'))!;
  expect(dashboardUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  // The content security policy lets the configured dashboard (and only it) be framed.
  await expect(
    page.frameLocator('iframe[title="Web analytics dashboard"]').getByRole('heading', { name: 'Fake analytics dashboard' }),
  ).toBeVisible();
  await expect(page.getByText(/password/i)).toHaveCount(0);
  await expectAccessible(page, 'admin analytics');
  await saveScreenshot(page, testInfo, 'admin-analytics');
});

test('Email shows the configuration and sends a test e-mail, telling the provider’s answer', async ({ page }, testInfo) => {
  await openTab(page, 'email', 'Email');
  const status = panel(page, 'Email Configuration');
  await expect(status.getByText('Configured', { exact: true })).toBeVisible();
  await expect(status.getByText('postmark')).toBeVisible();
  await expect(status.getByText('tidings@e2e.test')).toBeVisible();

  const form = panel(page, 'Send Test Email');
  const address = form.getByLabel('Email address');
  await expect(address).toHaveAttribute('type', 'email');
  await form.getByRole('button', { name: 'Send Test' }).click();
  await expect(form.getByText('Please enter an email address')).toBeVisible();
  await expectAccessible(page, 'admin email');
  await saveScreenshot(page, testInfo, 'admin-email-missing-address');

  await address.fill('someone@example.org');
  await form.getByRole('button', { name: 'Send Test' }).click();
  await expect(toast(page, 'Test email sent to someone@example.org')).toBeVisible();
  await expect(address).toHaveValue('');

  await address.fill(`gone@${REFUSED_RECIPIENT_DOMAIN}`);
  await form.getByRole('button', { name: 'Send Test' }).click();
  await expect(toast(page, `Postmark did not send the email: ${POSTMARK_REFUSAL}`)).toBeVisible();
  await expect(address).toHaveValue(`gone@${REFUSED_RECIPIENT_DOMAIN}`);
  await saveScreenshot(page, testInfo, 'admin-email-refused');
});
