/** A feed found for the page; `subscribed` when the server says the viewer already follows it. */
export type FeedCandidate = { url: string; title: string; subscribed?: boolean };

/**
 * One list from the page's own links and the server's detection: the page's first, since it advertises them;
 * a feed both found appears once (by normalised URL), keeping the first title that is not empty, and followed
 * when either source says so.
 */
export function mergeCandidates(...sources: FeedCandidate[][]): FeedCandidate[] {
  const byUrl = new Map<string, FeedCandidate>();
  for (const candidate of sources.flat()) {
    const key = normaliseUrl(candidate.url);
    const title = candidate.title.trim();
    const seen = byUrl.get(key);
    const subscribed = candidate.subscribed === true;
    if (!seen) byUrl.set(key, { url: candidate.url, title, subscribed });
    else {
      if (!seen.title && title) seen.title = title;
      seen.subscribed ||= subscribed;
    }
  }
  return [...byUrl.values()];
}

function normaliseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** What to call a feed in a message: its title, else its address. */
export function feedLabel(candidate: FeedCandidate): string {
  return candidate.title || candidate.url;
}
