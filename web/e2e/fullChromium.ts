/**
 * Debian's whole Chromium in its new headless mode, for the few journeys the suite's browser (the headless shell,
 * playwright.config.ts) cannot run: it loads no extension and has no third-party cookie or storage controls.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

const EXECUTABLE = '/usr/bin/chromium';

/** The suite's own flags (playwright.config.ts) that matter here: no sandbox, GPU or background traffic. */
const QUIET = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'];

/**
 * A browser that blocks third-party cookies and, with storage partitioning off, third-party storage: in a frame of
 * another site, reading `window.localStorage` throws "Access is denied for this document", as it does for people
 * who block third-party cookies. (Partitioned storage, Chromium's default, would hand the frame a storage of its
 * own; the headless shell ignores both controls.) Site isolation stays off, as in the suite.
 */
export function launchBlockingThirdPartyStorage(): Promise<Browser> {
  return chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: [
      ...QUIET,
      '--test-third-party-cookie-phaseout',
      '--disable-site-isolation-trials',
      '--disable-features=ThirdPartyStoragePartitioning,IsolateOrigins,site-per-process',
    ],
  });
}

/** A browser with the unpacked extension in `extensionDir` loaded (and no other), in a fresh profile at `profileDir`. */
export function launchWithExtension(profileDir: string, extensionDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: EXECUTABLE,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...QUIET, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
}
