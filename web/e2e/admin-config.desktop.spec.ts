import { expect, test, type Locator, type Page } from '@playwright/test';
import { answerOperation as answer, expectAccessible, saveScreenshot, toast } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE, apiLogin, graphql } from './users.ts';

// The server is shared by every spec file, and other specs register users and check '· Tidings' titles: only the
// desktop run writes the configuration, never the name or closed registration, and it puts the defaults back.
const DEFAULTS = { name: 'Tidings', description: '', allowRegistration: true, maxUsers: 0 };
const UPDATE = `mutation ($input: UpdateInstanceConfigInput!) { updateInstanceConfig(input: $input) { __typename } }`;

test.use({ storageState: ADMIN_STORAGE_STATE });

const panel = (page: Page) => page.getByRole('region', { name: 'Instance configuration' });
/** The value a term of the retention figures names. */
const figure = (retention: Locator, term: string) => retention.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');

async function openConfiguration(page: Page) {
  await page.goto('/admin?tab=configuration');
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible();
}

test('an administrator views and edits the configuration; Cancel puts back the saved values', async ({ page }, testInfo) => {
  await openConfiguration(page);
  const view = panel(page);
  for (const term of ['Instance name', 'Description', 'Registration', 'Max users'])
    await expect(view.getByText(term, { exact: true })).toBeVisible();
  await expect(view.getByText('Open to anyone with an invite code')).toBeVisible();
  await expectAccessible(page, 'admin configuration');
  await saveScreenshot(page, testInfo, 'admin-configuration');

  await view.getByRole('button', { name: 'Edit' }).click();
  const name = view.getByLabel('Instance name');
  const description = view.getByLabel('Description');
  const allow = view.getByRole('switch', { name: /Allow registration/ });
  const maxUsers = view.getByLabel('Max users');
  await expect(name).toHaveAttribute('maxlength', '50');
  await expect(maxUsers).toHaveAttribute('type', 'number');
  await expect(maxUsers).toHaveAttribute('inputmode', 'numeric');
  await expect(allow).toBeChecked();
  const savedDescription = await description.inputValue();
  await description.fill('Not to be kept');
  await allow.uncheck();
  await maxUsers.fill('3');
  await expectAccessible(page, 'admin configuration, editing');
  await saveScreenshot(page, testInfo, 'admin-configuration-edit');

  await view.getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(view.getByText('Not to be kept')).toHaveCount(0);
  await expect(view.getByText('Open to anyone with an invite code')).toBeVisible();
  await view.getByRole('button', { name: 'Edit' }).click();
  await expect(description).toHaveValue(savedDescription);
  await expect(allow).toBeChecked();
  await expect(maxUsers).not.toHaveValue('3');
});

test('Save Changes persists and returns to view mode; a refused value keeps the form', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one project writes the shared configuration; the other would race it');
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  try {
    await openConfiguration(page);
    const view = panel(page);
    await view.getByRole('button', { name: 'Edit' }).click();
    await view.getByLabel('Description').fill('Where the harbour club reads together.');
    await view.getByLabel('Max users').fill('250');
    await view.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Configuration saved')).toBeVisible();
    await expect(view.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(view.getByText('Where the harbour club reads together.')).toBeVisible();
    await expect(view.getByText('250', { exact: true })).toBeVisible();

    await page.reload();
    await expect(panel(page).getByText('Where the harbour club reads together.')).toBeVisible();
    await expect(panel(page).getByText('250', { exact: true })).toBeVisible();

    await panel(page).getByRole('button', { name: 'Edit' }).click();
    await panel(page).getByLabel('Max users').fill('-3');
    await panel(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Failed to save configuration')).toContainText('Max users must be at least 0');
    await expect(panel(page).getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'admin-configuration-refused');
  } finally {
    await graphql(request, UPDATE, { input: DEFAULTS }, token);
  }
});

test('Run retention now runs the pass as the worker’s job and shows what it did', async ({ page, request }, testInfo) => {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  // Retention off while it runs: the pass deletes none of the articles the other journeys read on this shared server.
  await graphql(request, UPDATE, { input: { retentionDays: 0 } }, token);
  try {
    await openConfiguration(page);
    const retention = panel(page).getByRole('region', { name: 'Retention pass' });
    await retention.getByRole('button', { name: 'Run retention now' }).click();
    // Queued, then run by the worker; the panel reads its progress every 2 s until it is done.
    await expect(retention.getByRole('status')).toHaveText('The last pass kept every article: retention is off.', { timeout: 15_000 });
    await expect(retention.getByRole('button', { name: 'Run retention now' })).toBeEnabled();
    for (const [term, value] of [
      ['By', `@${ADMIN.username}`],
      ['Articles deleted', '0'],
      ['Space freed', '0.0 MB'],
    ] as const) {
      await expect(figure(retention, term)).toHaveText(value);
    }
    await expectAccessible(page, 'admin configuration, retention done');
    await saveScreenshot(page, testInfo, 'admin-retention-done');
  } finally {
    await graphql(request, UPDATE, { input: { retentionDays: null } }, token);
  }
});

// The name and closed registration are answered in these browsers only (see above); the server keeps its own.
const CLUB = { name: 'Harbour Club', description: 'Reading the tides together.', allowRegistration: false };

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in screens show the instance name in the title, with its description and closed registration', async ({
    page,
  }, testInfo) => {
    await answer(page, 'InstanceProviderQuery', { instance: CLUB });
    await page.goto('/login');
    await expect(page).toHaveTitle('Welcome back · Harbour Club');
    await expect(page.getByText('Harbour Club', { exact: true })).toBeVisible();
    await expect(page.getByText('Reading the tides together.')).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveTitle('Create your account · Harbour Club');
    await expect(page.getByText('Registration is closed on this instance.')).toBeVisible();
    await saveScreenshot(page, testInfo, 'register-closed-named');
  });
});

test('a saved name titles the pages at once', async ({ page }) => {
  await answer(page, 'InstanceProviderQuery', { instance: CLUB });
  await answer(page, 'useUpdateInstanceConfigMutation', {
    updateInstanceConfig: { __typename: 'InstanceConfig', ...DEFAULTS, name: 'Lighthouse' },
  });
  await openConfiguration(page);
  await expect(page).toHaveTitle('Admin Panel · Configuration · Harbour Club');
  await panel(page).getByRole('button', { name: 'Edit' }).click();
  await panel(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Configuration saved')).toBeVisible();
  await expect(page).toHaveTitle('Admin Panel · Configuration · Lighthouse');
  await expect(panel(page).getByText('Lighthouse', { exact: true })).toBeVisible();
  // Another screen of the same app (no reload, which would ask the server again) keeps the saved name.
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Admin Panel · Users · Lighthouse');
});
