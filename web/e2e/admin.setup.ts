import { expect, test as setup } from '@playwright/test';
import { expectAccessible, logOut, saveScreenshot, signInThroughForm, toast } from './page.ts';
import { ADMIN, ADMIN_STORAGE_STATE, BOOTSTRAP_INVITE_CODE } from './users.ts';

setup('the first administrator registers with the bootstrap invite, logs out and signs back in', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expectAccessible(page, 'login');
  await saveScreenshot(page, testInfo, 'login');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const inviteCode = page.getByLabel('Invite code');
  await expect(inviteCode).toHaveAttribute('placeholder', 'AMBER-HARBOR-QUIET-FALCON');
  await expect(page.getByText('Only letters, numbers, hyphens, and underscores')).toBeVisible();
  await expect(page.getByText('Ask an existing user for an invite code')).toBeVisible();
  await expectAccessible(page, 'register');
  await saveScreenshot(page, testInfo, 'register');

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Display name').fill(ADMIN.displayName);
  await inviteCode.fill(BOOTSTRAP_INVITE_CODE.toLowerCase());
  await expect(inviteCode).toHaveValue(BOOTSTRAP_INVITE_CODE);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/shares$/);
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tidings' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shared', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Feeds & Folders' })).toBeVisible();

  await logOut(page);
  await signInThroughForm(page, ADMIN.username, ADMIN.password);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
