// Assembles the labelled set from the hand-written cases in this folder (see api/scripts/bench-stories.ts for how it
// was made). writeLabelledPairs.ts writes it to api/src/domain/stories/testdata/labelledPairs.json; a test checks
// that the file is what this builds.
import { addressCases, addressFeedItems } from './addressCases.ts';
import { apartCases } from './apartCases.ts';
import { fixtureCases } from './fixtureCases.ts';
import { guidCases, guidFeedItems } from './guidCases.ts';
import { lateCases } from './lateCases.ts';
import type { LabelledSet } from './pairKit.ts';
import { syndicationCases, syndicationFeedItems } from './syndicationCases.ts';
import { wireCases } from './wireCases.ts';

export const ABOUT =
  'Pairs of articles from two feeds, labelled by whether a person would call them one story (same), the situation each stands for (kind), ' +
  'the rule meant to find it when it is one (rule) and why. Written by hand in api/scripts/benchStories/*Cases.ts, partly on the ' +
  'publishers’ feeds of api/src/ingest/testdata read through parse and normalise; regenerate with ' +
  '`npx tsx api/scripts/benchStories/writeLabelledPairs.ts`. feeds: recent items of the feeds that give one key to every item.';

/** Builds the labelled set; throws when a pair is of one feed (never one story, so it would measure nothing). */
export function buildLabelledSet(): LabelledSet {
  const pairs = [
    ...fixtureCases(),
    ...addressCases(),
    ...guidCases(),
    ...wireCases(),
    ...syndicationCases(),
    ...apartCases(),
    ...lateCases(),
  ];
  for (const pair of pairs) {
    if (pair.a.feedId === pair.b.feedId) throw new Error(`A pair of one feed (${pair.a.feedId}): ${pair.why}`);
    if (pair.same !== (pair.rule !== null)) throw new Error(`A pair that is one story names the rule meant to find it: ${pair.why}`);
  }
  return { about: ABOUT, feeds: { ...addressFeedItems(), ...guidFeedItems(), ...syndicationFeedItems() }, pairs };
}
