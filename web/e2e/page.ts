import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

/** Fails on any serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  // Colours are checked as they settle: a theme switch or a closing toast must not be caught mid-transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page
    .locator('[data-sonner-toast][data-removed="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `accessibility violations on ${screen}`).toEqual([]);
}

/**
 * Saves a full-page screenshot as web/e2e/screenshots/<project>-<name>.png for a person to look at; with
 * `fullPage: false`, only the window as it is scrolled (what sticky bars cover).
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${testInfo.project.name}-${name}.png`), fullPage, animations: 'disabled' });
}

/** Signs in through the login screen and waits for the home route. */
export async function signIn(page: Page, usernameOrEmail: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/shares$/);
}

/** Opens the account menu, whichever layout is showing. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  return page.getByRole('menu');
}

/** Logs out through the account menu and waits for the login screen. */
export async function logOut(page: Page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The toast with this text (not one already on its way out: the same words may be said twice in a row). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
}

/**
 * Resolves once the page has asked the server for this live field (graphql-ws' `subscribe` message): events
 * published after it reach the page. The socket opens lazily, after the first screen, so a test that needs a live
 * event waits for this rather than for what the screen shows. Call it before the page opens.
 */
export function liveSubscription(page: Page, field: string): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"type":"subscribe"') && payload.includes(field)) resolve();
      }),
    ),
  );
}

/** A second browser with the project's viewport, for the other person or device of the journey. */
export async function otherBrowser(browser: Browser, testInfo: TestInfo, options: BrowserContextOptions = {}) {
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, ...options });
  return context.newPage();
}
