import type { Page } from '@playwright/test';
import { expect, test } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('API tokens: one is created and shown once, works against the API, is listed with its use and revoked', async ({
  page,
  request,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerUser(request, 'tokens');
  await signIn(page, user.username, user.password, '/settings');
  const tokens = section(page, 'API Tokens');
  await expect(tokens.getByText('You have no tokens yet.')).toBeVisible();
  const create = tokens.getByRole('button', { name: 'Create token' });
  await expect(create).toBeDisabled();

  await tokens.getByLabel('Token name').fill('Reeder on my phone');
  await expect(tokens.getByLabel('Expires')).toHaveValue('0'); // never, unless chosen
  await tokens.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await create.click();
  const secret = tokens.getByLabel('Token', { exact: true });
  await expect(secret).toHaveText(/^tid_[A-Za-z0-9_-]{43}$/);
  await expect(tokens.getByText('it is shown only this once')).toBeVisible();
  await tokens.getByRole('button', { name: 'Copy token' }).click();
  await expect(toast(page, 'Token copied to clipboard!')).toBeVisible();
  const token = (await secret.textContent())!;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  const item = tokens.getByRole('listitem', { name: 'API token Reeder on my phone' });
  await expect(item).toContainText('Never used');
  await expect(item).toContainText('Expires');
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  // A token never learns the address a reset link would go to.
  expect(((await me.json()) as { user: { username: string; email: string | null } }).user).toMatchObject({
    username: user.username,
    email: null,
  });
  const refused = await request.patch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` }, data: { displayName: 'x' } });
  expect(refused.status()).toBe(403);

  await page.reload();
  await expect(section(page, 'API Tokens').getByText('Reeder on my phone')).toBeVisible();
  await expect(section(page, 'API Tokens').getByLabel('Token', { exact: true })).toHaveCount(0);
  await expect(section(page, 'API Tokens').getByRole('listitem', { name: 'API token Reeder on my phone' })).toContainText('Last used');
  await saveScreenshot(page, testInfo, 'settings-api-tokens');

  await section(page, 'API Tokens').getByRole('button', { name: 'Revoke Reeder on my phone' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Revoke "Reeder on my phone"?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Token "Reeder on my phone" revoked')).toBeVisible();
  await expect(section(page, 'API Tokens').getByText('You have no tokens yet.')).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('the browser extension: the zip downloads, and a token is made for it', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'extension');
  await signIn(page, user.username, user.password, '/settings');
  const extension = section(page, 'Browser Extension');
  const download = extension.getByRole('link', { name: 'Download tidings-extension.zip' });
  await expect(download).toHaveAttribute('href', '/tidings-extension.zip');
  const zip = await request.get('/tidings-extension.zip');
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await expect(extension.getByLabel("This instance's address")).toHaveText(new URL(page.url()).origin);

  await extension.getByRole('button', { name: 'Create a token for the extension' }).click();
  await expect(extension.getByLabel('Token', { exact: true })).toHaveText(/^tid_/);
  await expect(section(page, 'API Tokens').getByRole('listitem', { name: 'API token Browser extension' })).toBeVisible();
  await saveScreenshot(page, testInfo, 'settings-extension');
});

test('digest preferences: off disables the rest; saved and kept', async ({ page, request }, testInfo) => {
  const user = await registerUser(request, 'digests');
  await signIn(page, user.username, user.password, '/settings');
  const digest = section(page, 'Digest Preferences');
  const enabled = digest.getByRole('switch', { name: /Weekly digest/ });
  const instance = digest.getByRole('radio', { name: /Instance-wide/ });
  const email = digest.getByRole('checkbox', { name: 'Also send it to me by e-mail' });
  const save = digest.getByRole('button', { name: 'Save preferences' });
  await expect(enabled).toBeChecked();
  await expect(digest.getByRole('radio', { name: /Personal/ })).toBeChecked();
  await expect(email).toBeChecked();
  await expect(save).toBeDisabled();

  await enabled.uncheck();
  await expect(instance).toBeDisabled();
  await expect(email).toBeDisabled();
  await enabled.check();
  await instance.check();
  await email.uncheck();
  await save.click();
  await expect(toast(page, 'Preferences saved')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'settings');
  await saveScreenshot(page, testInfo, 'settings-digest-preferences');

  await page.reload();
  await expect(section(page, 'Digest Preferences').getByRole('radio', { name: /Instance-wide/ })).toBeChecked();
  await expect(section(page, 'Digest Preferences').getByRole('checkbox', { name: 'Also send it to me by e-mail' })).not.toBeChecked();
  const stored = await request.get('/api/digests/preferences', { headers: { authorization: `Bearer ${user.token}` } });
  expect(await stored.json()).toEqual({ enabled: true, digestType: 'instance', emailDigests: false });
});
