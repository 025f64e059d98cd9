import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium: Playwright's own browser builds cannot be downloaded on these machines. Its headless shell
// (`apt-get install chromium-headless-shell`) when installed, as Playwright itself prefers for headless runs: without
// the browser's own interface it runs the suite about a third faster on two cores; else the whole browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A cross-origin frame runs in its own process, and headless Chromium sometimes routes a click on a phone-sized,
    // zoomed-out page to the frame's element on the host page instead of into the frame: the bookmarklet's window.
    '--disable-site-isolation-trials',
    '--disable-features=IsolateOrigins,site-per-process',
  ],
};

/**
 * End-to-end journeys on the built web app served by the real API (web/e2e/server.ts). Every journey runs on the
 * desktop; the phone runs only those tagged `@layout` (`test('…', { tag: '@layout' }, …)`): the ones whose screens
 * differ on a phone (navigation, the drawer and its swipe, dialogs, compact rows, the first screen, the
 * bookmarklet's window) and every test whose steps branch on `isMobile` or `testInfo.project.name === 'mobile'`.
 * A test without the tag checks a rule that is the same at every width, so a second run would only cost CI minutes
 * on a 2-core machine; rules that need no browser at all are component tests (`*.test.tsx` under web/src).
 * `*.desktop.spec.ts` never runs on the phone and `*.mobile.spec.ts` only there (its tests carry the tag too).
 */
export default defineConfig({
  testDir: 'web/e2e',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results', // E2E_PORT and E2E_OUTPUT keep side runs apart
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 120_000, // journeys span several screens and browsers; long ones take 40–60 s on a busy 2-core machine
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions,
    // A failed test keeps its trace with the page's DOM at each step; without the screencast, which cost about a third
    // of the suite's time on two cores (twenty journeys: 106 s with it, 74 s without, 62 s with no trace at all).
    // E2E_TRACES=off (CI, whose files nobody opens: its log keeps each failure's error and call log) records none:
    // every test pays for its trace, passing or not (nineteen journeys: 101–103 s with it, 84–86 s without).
    trace: process.env.E2E_TRACES === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // Registers the administrator with the bootstrap invite: the only registration that may use it.
    { name: 'setup', testMatch: /admin\.setup\.ts/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'desktop',
      testMatch: /\.spec\.ts$/,
      testIgnore: /\.mobile\.spec\.ts$/,
      dependencies: ['setup'],
      // Wide enough for the reader beside the list; the journeys read on the reader's own page, as a device that chose
      // it does, and the three panes have their own test (articles.desktop.spec.ts), which switches them on.
      use: {
        viewport: { width: 1280, height: 800 },
        storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: 'tidings:reader-layout', value: 'page' }] }] },
      },
    },
    {
      name: 'mobile',
      testMatch: /\.spec\.ts$/,
      testIgnore: /\.desktop\.spec\.ts$/,
      grep: /@layout\b/,
      dependencies: ['setup'],
      use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    // Node itself, not npx and tsx's launcher: Playwright waits for the process it started to end, then kills its group,
    // so a launcher that ends at once on SIGTERM had the server killed while it dropped its database (web/e2e/server.ts).
    command: 'node --import tsx web/e2e/server.ts',
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: String(PORT), ...(process.env.E2E_WEB_DIST ? { E2E_WEB_DIST: process.env.E2E_WEB_DIST } : {}) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
