import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, logOut, otherBrowser, saveScreenshot, signIn, toast } from './page.ts';
import { fakeServicesUrl } from './fakeServices.ts';
import { registerUser } from './users.ts';

/** The reset link in the latest e-mail the fake Postmark accepted for `address`. */
async function resetLinkMailedTo(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const answer = await request.get(`${fakeServicesUrl()}/inbox?to=${encodeURIComponent(address)}`);
    expect(answer.status()).toBe(200);
    link = ((await answer.json()) as { TextBody: string }).TextBody.match(/https?:\/\/\S+\/reset-password#token=\S+/)?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return link!;
}

test('a forgotten password is reset through the link in the e-mail, and the notifications panel says so', async ({
  page,
  browser,
  request,
}, testInfo) => {
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

  // Told live over graphql-ws, without a reload; with e-mail configured the link itself goes by e-mail only.
  await expect(bell).toHaveAccessibleName('Notifications, 5 unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').filter({ hasText: 'the link was sent to your e-mail address' })).toBeVisible();
  await expect(panel.getByText(/token=|reset-password/)).toHaveCount(0);
  await expectAccessible(page, 'notifications panel');
  await saveScreenshot(page, testInfo, 'notifications-reset-emailed');
  const resetUrl = await resetLinkMailedTo(request, user.email);
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
