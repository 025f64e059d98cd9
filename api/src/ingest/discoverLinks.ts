import { Parser } from 'htmlparser2';
import { parsablePart } from './sanitise.ts';

/** A feed advertised by an HTML page: `<link rel="alternate" type="application/rss+xml" href title>`. */
export type AdvertisedFeed = { url: string; title: string };

const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
  'application/rdf+xml',
]);

/**
 * The feeds an HTML page links with `rel="alternate"`, as absolute http(s) URLs resolved against the page's
 * `<base href>` or its own URL, in page order and without duplicates (the head alone of a page nested too deeply
 * to parse whole: parsablePart).
 */
export function findAdvertisedFeeds(html: string, pageUrl: string): AdvertisedFeed[] {
  let base = pageUrl;
  const found: AdvertisedFeed[] = [];
  const seen = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'base' && attributes.href) base = resolve(attributes.href, pageUrl) ?? base;
        if (name !== 'link') return;
        const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
        const type = (attributes.type ?? '').toLowerCase().split(';')[0]!.trim();
        if (!rel.includes('alternate') || !FEED_TYPES.has(type) || !attributes.href) return;
        const url = resolve(attributes.href, base);
        if (!url || seen.has(url)) return;
        seen.add(url);
        found.push({ url, title: (attributes.title ?? '').trim() });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(parsablePart(html));
  parser.end();
  return found;
}

function resolve(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Where sites commonly put their feed, tried when a page advertises none. */
export const COMMON_FEED_PATHS = ['/feed', '/rss', '/rss.xml', '/atom.xml', '/feed.xml', '/index.xml'] as const;
