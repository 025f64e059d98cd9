// The feed corpus (api/test/feed-corpus/, make-up in its README.md) and testdata/: every document through parse and normalise,
// no network, no database. A well-formed feed must be accepted (98 % at least), nothing may throw anything but
// FeedParseError or take long, and the documents that are not feeds must be refused.
import { readdirSync, readFileSync } from 'node:fs';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { decodeFeedBody } from './decode.ts';
import { normaliseFeed, type NormalisedFeed } from './normalise.ts';
import { FeedParseError, parseFeed } from './parse.ts';

// The corpus proper, and the parser's own fixtures (publishers' feeds among them); pages and OPML files there are not
// feeds, like the corpus's not-a-feed/ folder.
const ROOTS = { corpus: new URL('../../test/feed-corpus/', import.meta.url), testdata: new URL('./testdata/', import.meta.url) };
const MIN_ACCEPTED_SHARE = 0.98;
const MAX_MS_PER_DOCUMENT = 1_000;

const documents = Object.entries(ROOTS)
  .flatMap(([name, root]) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(xml|json|html|opml)$/.test(path))
      .map((path) => `${name}/${path}`),
  )
  .sort();
const isNotAFeed = (path: string) => path.startsWith('corpus/not-a-feed/') || /\.(html|opml)$/.test(path);
const fileOf = (path: string) => {
  const [root, ...rest] = path.split('/');
  return new URL(rest.join('/'), ROOTS[root as keyof typeof ROOTS]);
};

type Outcome = { path: string; wellFormed: boolean; ms: number; feed: NormalisedFeed | null; error: unknown };

function wellFormed(path: string, body: Buffer): boolean {
  const { text } = decodeFeedBody(body, null);
  if (path.endsWith('.json')) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }
  return text.trim() !== '' && XMLValidator.validate(text.trim()) === true;
}

function run(path: string): Outcome {
  const body = readFileSync(fileOf(path));
  const started = performance.now();
  let feed: NormalisedFeed | null = null;
  let error: unknown = null;
  try {
    feed = normaliseFeed(parseFeed(body, null), { fetchUrl: 'https://corpus.example.org/feed', now: new Date('2024-06-01T00:00:00Z') });
  } catch (caught) {
    error = caught;
  }
  return { path, wellFormed: wellFormed(path, body), ms: performance.now() - started, feed, error };
}

describe('the feed corpus', () => {
  const outcomes = documents.map(run);
  const feeds = outcomes.filter((o) => !isNotAFeed(o.path));

  it('holds at least 1,000 documents', () => {
    expect(documents.length).toBeGreaterThanOrEqual(1_000);
  });

  it('accepts at least 98 % of the well-formed feeds', () => {
    const wellFormedFeeds = feeds.filter((o) => o.wellFormed);
    const refused = wellFormedFeeds.filter((o) => o.feed === null).map((o) => o.path);
    expect(wellFormedFeeds.length).toBeGreaterThanOrEqual(950);
    expect(1 - refused.length / wellFormedFeeds.length, `refused: ${refused.join(', ')}`).toBeGreaterThanOrEqual(MIN_ACCEPTED_SHARE);
  });

  it('never throws anything but FeedParseError, and reads each document quickly', () => {
    const crashed = outcomes.filter((o) => o.error !== null && !(o.error instanceof FeedParseError));
    expect(crashed.map((o) => `${o.path}: ${String(o.error)}`)).toEqual([]);
    const slow = outcomes.filter((o) => o.ms > MAX_MS_PER_DOCUMENT);
    expect(slow.map((o) => `${o.path}: ${Math.round(o.ms)} ms`)).toEqual([]);
  });

  it('refuses the documents that are not feeds', () => {
    const notFeeds = outcomes.filter((o) => isNotAFeed(o.path));
    expect(notFeeds.length).toBeGreaterThan(0);
    expect(notFeeds.filter((o) => !(o.error instanceof FeedParseError)).map((o) => o.path)).toEqual([]);
  });

  // The generated variants carry the same non-ASCII text in every encoding: a wrong decoding shows in the title.
  it('decodes every generated encoding to the same text', () => {
    const titled = outcomes.filter((o) => o.path.startsWith('corpus/generated/') && /--(full|items-with-only-a-body)--/.test(o.path));
    expect(titled.length).toBeGreaterThan(100);
    const wrong = titled.filter((o) => o.feed?.title !== 'Grüße aus Köln').map((o) => `${o.path}: ${o.feed?.title}`);
    expect(wrong).toEqual([]);
    const untitledItems = titled.filter((o) => o.path.includes('items-with-only-a-body'));
    const badItemTitles = untitledItems.filter((o) => !o.feed?.articles[0]?.title.startsWith('Déjà vu')).map((o) => o.path);
    expect(badItemTitles).toEqual([]);
  });
});
