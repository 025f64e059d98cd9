import { expect, type Browser, type BrowserContextOptions, type Frame, type Page, type Route, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DRAWN_PAGE, SESSION_COOKIE } from '@tidings/shared/firstScreen';
import { SESSION_STORAGE_KEY } from '../src/auth/session.ts';
import { graphql } from './users.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

// axe-core itself, run in each frame of the page: @axe-core/playwright opens a second page for every check to
// merge the frames' results, which took about half of each check's 2–4 s on a two-core machine.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

// What axe checks of the page itself only, not of the documents framed in it (its rules matched on the initiator).
const PAGE_ONLY_RULES = ['aria-hidden-body', 'document-title', 'html-has-lang', 'meta-viewport', 'meta-viewport-large'];

/** The violations axe finds in one frame's document (frames nested in it are checked as frames of the page). */
async function violationsIn(frame: Frame): Promise<Violation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  const framed = frame.parentFrame() !== null;
  const rules = Object.fromEntries((framed ? PAGE_ONLY_RULES : []).map((rule) => [rule, { enabled: false }]));
  return frame.evaluate(
    async (options) => {
      const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } };
      return (await axe.run(document, options)).violations;
    },
    { resultTypes: ['violations'], iframes: false, rules },
  );
}

/** Fails on any serious or critical accessibility violation on the page as it is now, in any of its frames. */
export async function expectAccessible(page: Page, screen: string) {
  // Colours are checked as they settle: a theme switch or a closing toast must not be caught mid-transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page
    .locator('[data-sonner-toast][data-removed="true"]')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const frames = page.frames().filter((frame) => /^https?:/.test(frame.url()));
  const violations = (await Promise.all(frames.map(violationsIn))).flat();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `accessibility violations on ${screen}`).toEqual([]);
}

/**
 * Saves a full-page screenshot as web/e2e/screenshots/<project>-<name>.png for a person to look at; with
 * `fullPage: false`, only the window as it is scrolled (what sticky bars cover). E2E_SCREENSHOTS=off (CI, whose
 * files nobody opens) takes none: a screenshot checks nothing, and 150 of them cost the suite tens of seconds.
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${testInfo.project.name}-${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * A picture of one part of the page beside the full-page ones, under the same name pattern and switch; the window is
 * made tall enough for all of it for the moment (the shell's panes scroll inside the window).
 */
export async function saveElementScreenshot(page: Page, testInfo: TestInfo, selector: string, name: string) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  const viewport = page.viewportSize()!;
  const box = (await page.locator(selector).boundingBox())!;
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, Math.ceil(box.height) + 200) });
  await page.locator(selector).screenshot({ path: path.join(SCREENSHOTS, `${testInfo.project.name}-${name}.png`), animations: 'disabled' });
  await page.setViewportSize(viewport);
}

/** Answers the GraphQL operation named `operationName` with `data` instead of the server: what the other specs must not see. */
export async function answerOperation(page: Page, operationName: string, data: object) {
  await page.route('**/graphql', (route: Route) =>
    route.request().postDataJSON()?.operationName === operationName ? route.fulfill({ json: { data } }) : route.fallback(),
  );
}

/** Signs in through the login screen and waits for the home route (the journeys that test the screen itself). */
export async function signInThroughForm(page: Page, usernameOrEmail: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(usernameOrEmail);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/shares$/);
}

type Login = {
  token?: string;
  user?: { id: string; username: string; name: string; avatarUrl: string | null; isAdmin: boolean };
  message?: string;
};

/**
 * Signs in as the login screen does (the same mutation, the session the web app keeps in this browser's storage)
 * without drawing the login screen first, and opens `path`, or the home route and waits for it. The screen has its
 * own journeys.
 */
export async function signIn(page: Page, usernameOrEmail: string, password: string, path?: string) {
  const { login } = await graphql<{ login: Login }>(
    page.request,
    'mutation ($input: LoginInput!) { login(input: $input) { ... on AuthPayload { token user { id username name avatarUrl isAdmin } } ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  if (!login.token || !login.user) throw new Error(`login failed: ${login.message}`);
  await page.goto('/readyz'); // a page of the instance's origin that starts no app, to write its storage
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [SESSION_STORAGE_KEY, JSON.stringify(login)] as const);
  // And the copy the app keeps for the server to draw /articles with (auth/drawCookies.ts), as a returning reader has.
  const { hostname } = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(login.token), domain: hostname, path: DRAWN_PAGE, sameSite: 'Strict' }]);
  if (path) return void (await page.goto(path));
  await page.goto('/shares');
  await expect(page.getByRole('heading', { level: 1, name: 'Shared' })).toBeVisible();
}

/**
 * Waits until the app has taken over a page the server drew (/articles: its list shows, inert, before the scripts
 * run), so keys pressed next reach the app's handlers.
 */
export async function untilLive(page: Page) {
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
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
