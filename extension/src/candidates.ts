export type FeedCandidate = { url: string; title: string };

/**
 * One list from the page's own links and the server's detection: the page's first, since it advertises them;
 * a feed both found appears once (by normalised URL), keeping the first title that is not empty.
 */
export function mergeCandidates(...sources: FeedCandidate[][]): FeedCandidate[] {
  const byUrl = new Map<string, FeedCandidate>();
  for (const candidate of sources.flat()) {
    const key = normaliseUrl(candidate.url);
    const title = candidate.title.trim();
    const seen = byUrl.get(key);
    if (!seen) byUrl.set(key, { url: candidate.url, title });
    else if (!seen.title && title) seen.title = title;
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
