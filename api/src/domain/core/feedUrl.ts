import { z } from 'zod';
import { requiredText } from './fields.ts';

export const FEED_URL_MAX = 2048;

/** A feed or page address typed by a user: trimmed, http(s), at most 2048 characters; a bare host gets https://. */
export const feedUrl = requiredText('URL')
  .trim()
  .min(1, 'URL is required')
  .max(FEED_URL_MAX, `URL must be at most ${FEED_URL_MAX} characters`)
  .transform((value, context) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
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
