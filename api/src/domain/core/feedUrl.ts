import { z } from 'zod';
import { requiredText } from './fields.ts';

export const FEED_URL_MAX = 2048;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A feed or page address typed by a user: trimmed, http(s), at most 2048 characters; a bare host gets https://. */
export const feedUrl = requiredText('URL')
  .trim()
  .min(1, 'URL is required')
  .max(FEED_URL_MAX, `URL must be at most ${FEED_URL_MAX} characters`)
  .transform((value, context) => {
    const withScheme = SCHEME.test(value) ? value : `https://${value}`;
    try {
      const url = new URL(withScheme);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return url.toString();
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: 'Please enter a valid http(s) URL' });
    return z.NEVER;
  });

export const feedUrlInput = z.object({ url: feedUrl });

/**
 * For an input `{ url }` typed without a scheme (so read as https://), the same address over http://, to try when
 * https:// cannot be reached at all, as a browser's address bar does (a home server often has no TLS); else null.
 */
export function overPlainHttp(input: unknown, url: string): string | null {
  const typed = (input as { url?: unknown } | null)?.url;
  return typeof typed === 'string' && !SCHEME.test(typed.trim()) ? url.replace(/^https:/, 'http:') : null;
}
