/** Where the extension's instance and token live: chrome.storage.local, never synced to other browsers. */
export type Settings = { instance: string; token: string; username: string };

export async function loadSettings(): Promise<Settings | null> {
  const stored = await chrome.storage.local.get(['instance', 'token', 'username']);
  const { instance, token, username } = stored;
  if (typeof instance !== 'string' || typeof token !== 'string' || !instance || !token) return null;
  return { instance, token, username: typeof username === 'string' ? username : '' };
}

export async function saveSettings(settings: Settings): Promise<void> {
  await chrome.storage.local.set(settings);
}
