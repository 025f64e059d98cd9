import { expect, test } from '@playwright/test';
import { expectAccessible, saveScreenshot, signIn, toast } from './page.ts';
import { createInviteCode, registerUser, uniqueUser } from './users.ts';

test('registering checks every field, then signs in and goes home', async ({ page, request }, testInfo) => {
  const user = uniqueUser('newbie');
  const inviteCode = await createInviteCode(request);
  await page.goto('/register');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Choose a username')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Enter your invite code')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Invite code').fill(inviteCode);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}x`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, testInfo, 'register-errors');

  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await expect(toast(page, 'Account created successfully!')).toBeVisible();
});

test('a refused registration says why, at the field it concerns', async ({ page, request }) => {
  const user = uniqueUser('nocode');
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Invite code').fill('NOT-A-REAL-CODE-EVER');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const invite = page.getByLabel('Invite code');
  await expect(invite).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Invalid or already used invite code')).toBeVisible();
  await expect(toast(page, 'Registration failed')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);

  // A taken username with a good code: said at the username, and the code stays good for the next try.
  const taken = await registerUser(request, 'taken');
  await page.getByLabel('Username').fill(taken.username);
  await invite.fill(await createInviteCode(request));
  await expect(invite).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This username is already taken')).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/shares$/);
});

test("signing in shows 'Signing in...' while busy and the server's reason on failure", async ({ page, request }) => {
  const user = await registerUser(request, 'login');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your username or email')).toBeVisible();

  await page.route('**/graphql', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  const failure = toast(page, 'Login failed');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(/invalid|incorrect|wrong/i);
  await page.unroute('**/graphql');

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await expect(toast(page, 'Welcome back!')).toBeVisible();
});

test('signed-out visitors are sent to /login; signed-in users skip the sign-in screens', async ({ page, request }) => {
  for (const path of ['/settings', '/article/QXJ0aWNsZTox', '/no/such/page']) {
    await page.goto(path);
    await expect(page, `${path} when signed out`).toHaveURL(/\/login$/);
  }

  const user = await registerUser(request, 'guard');
  await signIn(page, user.username, user.password);
  for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=abc', '/']) {
    await page.goto(path);
    await expect(page, `${path} when signed in`).toHaveURL(/\/shares$/);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found');
});

test("a reset link without a token says 'Invalid reset link' and goes to /login", async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Invalid reset link')).toBeVisible();
});

test('the forgot-password screen validates the e-mail', async ({ page }, testInfo) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await saveScreenshot(page, testInfo, 'forgot-password');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
