// The shapes of the labelled set (api/src/domain/stories/testdata/labelledPairs.json) and the helpers its cases are
// written with. A case names two articles as the feeds gave them, whether a person would call them one story, the
// situation it stands for (`kind`), the rule meant to find it when it is one, and why.
import type { StoryCandidate, StoryRule } from '../../src/domain/stories/storyCandidate.ts';

/** A StoryCandidate as stored in JSON (publishedAt an ISO string, no keys). */
export type LabelledCandidate = Omit<StoryCandidate, 'publishedAt' | 'keys'> & { publishedAt: string };

export interface LabelledPair {
  kind: string;
  same: boolean;
  /** For a pair that is one story: the rule meant to find it (what its recall counts under). */
  rule: StoryRule | null;
  why: string;
  a: LabelledCandidate;
  b: LabelledCandidate;
}

export interface LabelledSet {
  about: string;
  /** Recent items of the feeds whose items matter to a pair (degenerateKeys reads them), by feed id. */
  feeds: Record<string, LabelledCandidate[]>;
  pairs: LabelledPair[];
}

type ArticleFields = Partial<Omit<LabelledCandidate, 'feedId' | 'publishedAt'>> & { title: string };

/** An article of `feedId` published at `publishedAt` (ISO); fields left out are null, empty or false. */
export function article(feedId: string, publishedAt: string, fields: ArticleFields): LabelledCandidate {
  return {
    feedId,
    url: fields.url ?? null,
    guid: fields.guid ?? null,
    guidIsPermaLink: fields.guidIsPermaLink ?? false,
    originalUrl: fields.originalUrl ?? null,
    title: fields.title,
    text: fields.text ?? '',
    publishedAt: new Date(publishedAt).toISOString(),
  };
}

/** The same article in another feed, with the fields that feed gives differently. */
export function copy(of: LabelledCandidate, feedId: string, fields: Partial<Omit<LabelledCandidate, 'feedId'>>): LabelledCandidate {
  return { ...of, guid: null, guidIsPermaLink: false, originalUrl: null, ...fields, feedId };
}

/** A pair that is one story, meant to be found by `rule`. */
export function same(kind: string, rule: StoryRule, a: LabelledCandidate, b: LabelledCandidate, why: string): LabelledPair {
  return { kind, same: true, rule, why, a, b };
}

/** A pair of two stories a person keeps apart. */
export function apart(kind: string, a: LabelledCandidate, b: LabelledCandidate, why: string): LabelledPair {
  return { kind, same: false, rule: null, why, a, b };
}

/** Every pair of the copies: one story carried by several feeds. */
export function allPairs(kind: string, rule: StoryRule, copies: LabelledCandidate[], why: string): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  for (let i = 0; i < copies.length; i++) {
    for (let j = i + 1; j < copies.length; j++) pairs.push(same(kind, rule, copies[i]!, copies[j]!, why));
  }
  return pairs;
}

/** The first `count` words of a text and an ellipsis: what an excerpt-only feed carries. */
export function excerpt(text: string, count: number): string {
  const words = text.split(/\s+/);
  return words.length <= count ? text : `${words.slice(0, count).join(' ')}…`;
}

/** An ISO instant `hours` after `iso`. */
export function hoursAfter(iso: string, hours: number): string {
  return new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString();
}
