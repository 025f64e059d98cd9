// Tracking pixels: images that show nothing and tell their server who read what. Removed at sanitising time.

// Stat endpoints of common feed publishers: host, and the path they count under ('' for the whole host).
const STAT_ENDPOINTS: readonly [host: string, path: string][] = [
  ['feeds.feedburner.com', '/~r/'],
  ['feedproxy.google.com', '/~r/'],
  ['pixel.wp.com', ''],
  ['stats.wordpress.com', ''],
  ['medium.com', '/_/stat'],
  ['feeds.feedblitz.com', '/~/i/'],
  ['pixel.quantserve.com', ''],
  ['www.google-analytics.com', ''],
  ['certify.alexametrics.com', ''],
  ['counter.theconversation.com', ''],
  ['eotrx.substackcdn.com', '/open'],
];

function isStatEndpoint(src: string): boolean {
  try {
    const url = new URL(src);
    const host = url.hostname.toLowerCase();
    return STAT_ENDPOINTS.some(([statHost, path]) => host === statHost && url.pathname.startsWith(path));
  } catch {
    return false;
  }
}

/** Whether an <img> with these attributes is a tracking pixel: 1×1 (or smaller) by its attributes, or a known stat endpoint. */
export function isTrackingPixel(attribs: Record<string, string | undefined>): boolean {
  const tiny = (value: string | undefined) => value !== undefined && /^\s*[01](px)?\s*$/i.test(value);
  return (tiny(attribs.width) && tiny(attribs.height)) || (attribs.src !== undefined && isStatEndpoint(attribs.src));
}
