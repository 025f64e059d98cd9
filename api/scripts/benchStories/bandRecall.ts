// How many copies the band index puts in front of the text rule: the labelled set's pairs are too few to show what a
// band more or less changes, so this generates them. Each of 1,000 English-like texts of 160 words
// (benchStoryCost/englishLikeText.ts) is paired with copies made as outlets and aggregators make them: excerpts of
// its first N words, its text behind an agency dateline and cut short, its lede rewritten and its end cut, every
// twelfth word changed. A copy is "found" when the two keys share a band (only such pairs are ever compared, see
// joinStories.ts) and "judged" when it is found and the text rule then calls it the same story.
import { sharesBand, TEXT_SIMILARITY_THRESHOLD, textKey, textSimilarity, type TextKey } from '../../src/domain/stories/textKey.ts';
import { englishLikeTexts } from '../benchStoryCost/englishLikeText.ts';

const TEXTS = 1000;
const TEXT_WORDS = 160;

export interface CopyRecall {
  copy: string;
  /** Share of the copies whose key shares a band with the original's. */
  found: number;
  /** Share of the copies found and judged the same story by the text rule. */
  judged: number;
}

export interface BandRecall {
  copies: CopyRecall[];
  /** Bands an unrelated text's key shares, on average, with 1,000 other unrelated texts' keys. */
  unrelatedSharedBands: number;
}

const firstWords = (text: string, count: number) => text.split(' ').slice(0, count).join(' ');
const fromWord = (text: string, start: number, end?: number) => text.split(' ').slice(start, end).join(' ');

/** The ways a copy differs from its original, each made from the original and an unrelated text. */
const COPIES: [string, (original: string, other: string) => string][] = [
  ...[25, 30, 40, 50, 60].map((count): [string, (original: string) => string] => [
    `excerpt of ${count} words`,
    (original) => firstWords(original, count),
  ]),
  ['agency dateline, cut at 70 words', (original) => `LONDON (Agency) — ${firstWords(original, 70)}`],
  ['lede rewritten (25 words), cut at 90', (original, other) => `${firstWords(other, 25)} ${fromWord(original, 25, 90)}`],
  [
    'every twelfth word changed',
    (original, other) => {
      const replacements = other.split(' ');
      return original
        .split(' ')
        .map((word, i) => (i % 12 === 11 ? (replacements[i] ?? word) : word))
        .join(' ');
    },
  ],
];

const keyOf = (text: string): TextKey => {
  const key = textKey({ title: '', text });
  if (!key) throw new Error('a generated text too short for a key');
  return key;
};

/** Measures the key's band recall for each kind of copy, and how often unrelated texts share a band. */
export function bandRecall(): BandRecall {
  const textOf = englishLikeTexts();
  const originals = Array.from({ length: TEXTS }, (_, i) => textOf(0x1000 + i, TEXT_WORDS));
  const unrelated = Array.from({ length: TEXTS }, (_, i) => textOf(0x900000 + i, TEXT_WORDS));
  const originalKeys = originals.map(keyOf);
  const copies = COPIES.map(([copy, make]) => {
    let found = 0;
    let judged = 0;
    originals.forEach((original, i) => {
      const key = keyOf(make(original, unrelated[i] as string));
      if (!sharesBand(originalKeys[i] as TextKey, key)) return;
      found++;
      if (textSimilarity(originalKeys[i] as TextKey, key) >= TEXT_SIMILARITY_THRESHOLD) judged++;
    });
    return { copy, found: found / TEXTS, judged: judged / TEXTS };
  });
  const bandCounts = new Map<number, number>();
  for (const key of unrelated.map(keyOf)) for (const band of key.bands) bandCounts.set(band, (bandCounts.get(band) ?? 0) + 1);
  let shared = 0;
  for (const key of originalKeys) for (const band of key.bands) shared += bandCounts.get(band) ?? 0;
  return { copies, unrelatedSharedBands: shared / TEXTS };
}
