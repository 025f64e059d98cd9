// Reads the labelled set and scores a matcher on it: precision and recall overall and per rule, and the pairs it
// gets wrong. Used by npm run bench:stories and by labelledSet.test.ts, which holds the figures.
import { readFileSync } from 'node:fs';
import { degenerateKeys } from '../../src/domain/stories/degenerateKeys.ts';
import { sameStory, type SameStoryOptions } from '../../src/domain/stories/sameStory.ts';
import { STORY_RULES, type StoryCandidate, type StoryRule } from '../../src/domain/stories/storyCandidate.ts';
import type { LabelledCandidate, LabelledPair, LabelledSet } from './pairKit.ts';

export const LABELLED_PAIRS_FILE = new URL('../../src/domain/stories/testdata/labelledPairs.json', import.meta.url);

/** A labelled pair with its articles as the matcher takes them. */
export interface ReadyPair {
  pair: LabelledPair;
  a: StoryCandidate;
  b: StoryCandidate;
}

export function readLabelledSet(): LabelledSet {
  return JSON.parse(readFileSync(LABELLED_PAIRS_FILE, 'utf8')) as LabelledSet;
}

export const candidateOf = (labelled: LabelledCandidate): StoryCandidate => ({ ...labelled, publishedAt: new Date(labelled.publishedAt) });

/** The pairs as candidates, and per feed the rules its recent items make unusable (what storing would compute). */
export function prepare(set: LabelledSet): { pairs: ReadyPair[]; options: SameStoryOptions } {
  const unusableRules = new Map<string, Set<StoryRule>>();
  for (const [feedId, items] of Object.entries(set.feeds)) unusableRules.set(feedId, degenerateKeys(items.map(candidateOf)));
  return {
    pairs: set.pairs.map((pair) => ({ pair, a: candidateOf(pair.a), b: candidateOf(pair.b) })),
    options: { unusableRules },
  };
}

export interface RuleScore {
  /** Pairs this rule called one story, and how many of them are. */
  predicted: number;
  correct: number;
  /** Pairs that are one story and meant for this rule, and how many of them any rule found. */
  expected: number;
  found: number;
}

export interface Score {
  pairs: number;
  positives: number;
  truePositives: number;
  falsePositives: number;
  precision: number;
  recall: number;
  byRule: Record<StoryRule, RuleScore & { precision: number; recall: number }>;
  /** Pairs decided wrongly, with the rule that matched (null for a miss). */
  mistakes: { pair: LabelledPair; rule: StoryRule | null }[];
}

type Matcher = (a: StoryCandidate, b: StoryCandidate, options: SameStoryOptions) => { rule: StoryRule } | null;

/** Scores `match` (sameStory by default) on the prepared pairs. */
export function score(pairs: ReadyPair[], options: SameStoryOptions, match: Matcher = sameStory): Score {
  const rules = Object.fromEntries(STORY_RULES.map((rule) => [rule, { predicted: 0, correct: 0, expected: 0, found: 0 }])) as Record<
    StoryRule,
    RuleScore
  >;
  let truePositives = 0;
  let falsePositives = 0;
  const mistakes: Score['mistakes'] = [];
  for (const { pair, a, b } of pairs) {
    const rule = match(a, b, options)?.rule ?? null;
    if (rule !== null) {
      rules[rule].predicted++;
      if (pair.same) rules[rule].correct++;
    }
    if (pair.rule !== null) {
      rules[pair.rule].expected++;
      if (rule !== null) rules[pair.rule].found++;
    }
    if (rule !== null && pair.same) truePositives++;
    if (rule !== null && !pair.same) falsePositives++;
    if ((rule !== null) !== pair.same) mistakes.push({ pair, rule });
  }
  const positives = pairs.filter(({ pair }) => pair.same).length;
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  const byRule = Object.fromEntries(
    STORY_RULES.map((rule) => {
      const r = rules[rule];
      return [rule, { ...r, precision: ratio(r.correct, r.predicted), recall: ratio(r.found, r.expected) }];
    }),
  ) as Score['byRule'];
  return {
    pairs: pairs.length,
    positives,
    truePositives,
    falsePositives,
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, positives),
    byRule,
    mistakes,
  };
}
