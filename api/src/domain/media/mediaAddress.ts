// Signed media addresses: /media/{signature}/{target}, where target is the feed's URL in base64url and signature an
// HMAC-SHA256 of target exactly as written. Verifying compares the path's characters, never a decoded form, so any
// character changed is refused, including changes that decode to the same URL (padding, unused bits, %-escapes).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

export const MEDIA_PREFIX = '/media/';

/** How the instance rewrites media addresses; `mode` is MEDIA_PROXY. */
export type MediaProxy = { mode: Config['mediaProxy']; publicUrl: string; secret: string };

const SIGNED_PATH = /^\/media\/([A-Za-z0-9_-]{43})\/([A-Za-z0-9_-]{4,})$/;

function signature(target: string, secret: string): string {
  return createHmac('sha256', secret).update(target).digest('base64url');
}

/** The proxy's path for `url`: `/media/{signature}/{target}`. */
export function signedMediaPath(url: string, secret: string): string {
  const target = Buffer.from(url, 'utf8').toString('base64url');
  return `${MEDIA_PREFIX}${signature(target, secret)}/${target}`;
}

/** The URL a proxy path (as the request wrote it, query included) stands for, or null when it is not one we signed. */
export function verifyMediaPath(rawPath: string, secret: string): string | null {
  const match = SIGNED_PATH.exec(rawPath);
  if (!match) return null;
  const [, given, target] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(target, secret));
  if (!timingSafeEqual(Buffer.from(given), expected)) return null;
  const url = Buffer.from(target, 'base64url').toString('utf8');
  return /^https?:\/\//i.test(url) ? url : null;
}

/** `url` as the reader should load it: through the proxy when the mode asks for it, else unchanged. */
export function mediaAddress(url: string, proxy: MediaProxy): string {
  const wanted = proxy.mode === 'all' ? /^https?:\/\//i : proxy.mode === 'http-only' ? /^http:\/\//i : null;
  if (!wanted?.test(url)) return url;
  return `${proxy.publicUrl}${signedMediaPath(url, proxy.secret)}`;
}
