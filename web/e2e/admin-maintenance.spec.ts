import { expect, test, type Page } from '@playwright/test';
import { answerOperation, expectAccessible, saveScreenshot } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE } from './users.ts';

// The admin panel's upkeep on desktop and phone: a retention pass followed while it runs (answered in this browser
// only: a real pass this long would delete the articles the other journeys read) and the database size by table.
test.use({ storageState: ADMIN_STORAGE_STATE });

const MINUTE = 60_000;
const startedAt = new Date(Date.now() - 2 * MINUTE - 5000).toISOString();
const RUNNING = {
  status: 'running',
  trigger: 'administrator',
  requestedBy: ADMIN.username,
  createdAt: startedAt,
  startedAt,
  finishedAt: null,
  deleted: 3000,
  freedBytes: 9_856_000,
  cutoff: new Date(Date.now() - 180 * 24 * 60 * MINUTE).toISOString(),
  reachedAt: null,
  error: null,
};
const CONFIG = { name: 'Tidings', description: '', allowRegistration: true, maxUsers: 0, retentionDays: 180, retentionKeepPerFeed: 50 };

const figure = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Retention pass' }).getByText(term, { exact: true }).locator('xpath=following-sibling::dd');

test(
  'a running retention pass shows its progress, read again every 2 s, and Run now waits',
  { tag: '@layout' },
  async ({ page }, testInfo) => {
    await answerOperation(page, 'ConfigurationTabQuery', { instanceConfig: CONFIG, retentionRuns: [RUNNING] });
    const reachedAt = new Date(Date.now() - 400 * 24 * 60 * MINUTE).toISOString();
    await answerOperation(page, 'RunRetentionRefetchQuery', {
      retentionRuns: [{ ...RUNNING, deleted: 4000, freedBytes: 13_141_000, reachedAt }],
    });
    const polled = page.waitForRequest((request) => request.postDataJSON()?.operationName === 'RunRetentionRefetchQuery');
    await page.goto('/admin?tab=configuration');
    const retention = page.getByRole('region', { name: 'Retention pass' });
    await expect(retention.getByRole('status')).toHaveText('Deleting old articles, a thousand at a time…');
    await expect(retention.getByRole('button', { name: 'Running retention…' })).toBeDisabled();
    await expect(figure(page, 'By')).toHaveText(`@${ADMIN.username}`);
    await expect(figure(page, 'Running for')).toHaveText(/^\d+ min \d+ s$/);
    await polled;
    // How far it has read, oldest first, against where it stops.
    await expect(retention.getByRole('status')).toHaveText(
      /^Deleting old articles, a thousand at a time: done up to [A-Z][a-z]{2} \d{1,2}, \d{4} of those published before [A-Z][a-z]{2} \d{1,2}, \d{4}…$/,
    );
    await expect(figure(page, 'Deleted so far')).toHaveText('4,000');
    await expect(figure(page, 'Space freed')).toHaveText('12.5 MB');
    await retention.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'admin configuration, retention running');
    await saveScreenshot(page, testInfo, 'admin-retention-running');
  },
);

test('the Database tab shows the size by table, largest first, partitions summed', { tag: '@layout' }, async ({ page }, testInfo) => {
  await page.goto('/admin?tab=database');
  await expect(page).toHaveTitle('Admin Panel · Database · Tidings');
  const database = page.getByRole('region', { name: 'Database size' });
  await expect(database.getByText(/^Total \d+\.\d [KMG]B$/)).toBeVisible();
  // A table on a wide screen, a card per table on a phone.
  const role = testInfo.project.name === 'mobile' ? 'listitem' : 'row';
  const tables = database.getByRole(role, { name: /^[A-Z]\w+$/ });
  await expect(tables.first()).toBeVisible();
  const names = await tables.evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));
  expect(names).toEqual(expect.arrayContaining(['Article', 'UnreadArticle', 'User', 'RetentionRun']));
  expect(names.filter((name) => name!.startsWith('UnreadArticle'))).toEqual(['UnreadArticle']);
  await expect(database.getByRole(role, { name: 'Article', exact: true })).toContainText(/\d (bytes|KB|MB|GB)/);
  await expectAccessible(page, 'admin database');
  await saveScreenshot(page, testInfo, 'admin-database');
});
