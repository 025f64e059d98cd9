export type InstanceUrl = { ok: true; origin: string } | { ok: false; error: string };

/**
 * The origin of the Tidings instance a user typed. The token travels with every request, so plain http is
 * accepted only where nobody else is on the wire: this machine or a private network.
 */
export function normaliseInstanceUrl(input: string): InstanceUrl {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Enter the address of your Tidings instance.' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, error: `"${text}" is not a valid address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, error: 'The address must start with https://.' };
  }
  if (url.username || url.password) return { ok: false, error: 'The address must not contain a user name or password.' };
  if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
    return { ok: false, error: 'Use https:// (plain http is only allowed for localhost and private network addresses).' };
  }
  return { ok: true, origin: url.origin };
}

/** The address is this machine, or in a private (RFC 1918 / unique local) range. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  if (/^f[cd][0-9a-f]{2}:/.test(host)) return true;
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)?.slice(1).map(Number);
  if (!octets) return false;
  const [a, b] = octets as [number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}
