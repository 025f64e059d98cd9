import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiSubscribe, expect, FEED_TITLES, test } from './feedSite.ts';
import { launchWithExtension } from './fullChromium.ts';
import { saveScreenshot } from './page.ts';
import { registerUser } from './users.ts';

/** The built extension (`npm run build -w extension`), loaded unpacked. */
const EXTENSION = path.join(import.meta.dirname, '../../extension/dist/unpacked');

/**
 * A copy of the built extension that already holds what a person grants by pressing the browser's own buttons, which
 * no automation can press (Playwright leaves them out of scope): the instance's origin, which the options page asks
 * for at run time (chrome.permissions.request answers at once, without its prompt, when it is granted), and the
 * page's, which `activeTab` grants when the toolbar button opens the popup. Everything else is the build, unchanged.
 */
function extensionGranting(origins: readonly string[], folder: string): string {
  cpSync(EXTENSION, folder, { recursive: true });
  const manifestFile = path.join(folder, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, host_permissions: origins.map((origin) => `${origin}/*`) }));
  return folder;
}

/** Chromium names an unpacked extension after its folder: the SHA-256 of the path, its first 32 hex digits as a–p. */
function unpackedExtensionId(folder: string): string {
  const digest = createHash('sha256').update(folder).digest('hex').slice(0, 32);
  return [...digest].map((digit) => String.fromCharCode('a'.charCodeAt(0) + parseInt(digit, 16))).join('');
}

test('the built extension connects to the instance and subscribes through its popup, saying which feeds are followed', async ({
  request,
  feedSite,
  baseURL,
}, testInfo) => {
  expect(existsSync(path.join(EXTENSION, 'manifest.json')), 'build the extension first: npm run build -w extension').toBe(true);
  const user = await registerUser(request, 'extension');
  await apiSubscribe(request, user.token, feedSite.url('atom.xml'));
  const response = await request.post('/api/tokens', { data: { name: 'Extension' }, headers: { authorization: `Bearer ${user.token}` } });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };

  const scratch = mkdtempSync(path.join(tmpdir(), 'tidings-extension-'));
  const unpacked = extensionGranting([baseURL!, new URL(feedSite.url('index.html')).origin], path.join(scratch, 'extension'));
  const context = await launchWithExtension(path.join(scratch, 'profile'), unpacked);
  try {
    const extension = `chrome-extension://${unpackedExtensionId(unpacked)}`;
    const options = await context.newPage();
    await options.goto(`${extension}/options.html`);
    await options.getByLabel('Instance address').fill(baseURL!);
    await options.getByLabel('Personal API token').fill(token);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByText(`Connected as @${user.username}`)).toBeVisible();
    await options.close();

    // The popup reads the active tab of its window: the page is opened, then the popup in a tab behind it.
    const site = context.pages()[0] ?? (await context.newPage());
    await site.goto(feedSite.url('index.html'));
    const popup: Page = await context.newPage();
    await site.bringToFront();
    await popup.goto(`${extension}/popup.html`);
    await expect(popup.locator('#page-url')).toHaveText(feedSite.url('index.html'));
    // The feeds are named as the page's links name them; the one already followed says so, with nothing to press.
    await expect(popup.getByRole('button', { name: 'Subscribed to Atom' })).toBeDisabled();
    await popup.getByRole('button', { name: 'Subscribe to RSS' }).click();
    await expect(popup.getByRole('status').filter({ hasText: `Subscribed to ${FEED_TITLES.rss}!` })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Subscribed to RSS' })).toBeDisabled();
    await expect(popup.getByRole('button', { name: 'Subscribe to JSON' })).toBeEnabled();
    await saveScreenshot(popup, testInfo, 'extension-popup');

    const { feeds } = (await (await request.get('/api/feeds', { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
      feeds: { feed: { url: string } }[];
    };
    expect(feeds.map(({ feed }) => feed.url).sort()).toEqual([feedSite.url('atom.xml'), feedSite.url('rss.xml')].sort());
  } finally {
    await context.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
