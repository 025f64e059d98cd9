import { expect, test } from '@playwright/test';
import { expectAccessible, logOut, otherBrowser, saveScreenshot, signIn, toast } from './page.ts';
import { registerUser } from './users.ts';

test('a forgotten password is reset through the link in the notifications panel', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(150_000); // three browsers, two full sign-ins and four axe checks: slow on a busy 2-core machine
  const user = await registerUser(request, 'reset');
  const newPassword = `${user.password}-renewed`;
  await signIn(page, user.username, user.password);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 4 unread');

  // The same account on another device: its session must end with the reset. The tab is closed meanwhile
  // (the token stays in its storage) so that no background poll meets the 401 before the check below.
  const otherDevice = await otherBrowser(browser, testInfo);
  await signIn(otherDevice, user.username, user.password);
  await otherDevice.close();

  const signedOut = await otherBrowser(browser, testInfo);
  await signedOut.goto('/forgot-password');
  await signedOut.getByLabel('Email').fill(user.email);
  await signedOut.getByRole('button', { name: 'Send reset link' }).click();
  await expect(signedOut.getByRole('status')).toContainText('Check your notifications (bell icon) for the reset link.');
  await expectAccessible(signedOut, 'forgot password sent');
  await saveScreenshot(signedOut, testInfo, 'forgot-password-sent');

  // Delivered live over graphql-ws, without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 5 unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const resetItem = panel.getByRole('listitem').filter({ hasText: 'Reset your password' });
  const link = resetItem.getByRole('link', { name: 'Reset password' });
  await expect(link).toHaveAttribute('href', /\/reset-password#token=/);
  // A button, never the URL with its token in the text.
  await expect(link).toHaveText('Reset password');
  await expect(panel.getByText(/token=|reset-password/)).toHaveCount(0);
  await expect(resetItem.getByText(/ago$/)).toBeVisible();
  await expectAccessible(page, 'notifications panel');
  await saveScreenshot(page, testInfo, 'notifications-reset-link');
  const resetUrl = (await link.getAttribute('href'))!;
  await panel.getByRole('button', { name: 'Close notifications' }).click();

  await logOut(page);
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await expectAccessible(page, 'reset password');
  await saveScreenshot(page, testInfo, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');
  await expect(page).toHaveURL(/\/reset-password/); // the redirect waits 2 s so the message can be read
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  await signIn(page, user.username, newPassword);

  // The other device still holds the old token: its next call gets 401 and the session ends.
  const staleTab = await otherDevice.context().newPage();
  await staleTab.goto('/settings');
  await expect(staleTab).toHaveURL(/\/login$/);
  await expect(toast(staleTab, 'Session expired. Please login again.')).toBeVisible();
});
