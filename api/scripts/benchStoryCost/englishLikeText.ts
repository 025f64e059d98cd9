// English-like article openings for the story cost benchmark, varied like real ones: a word-bigram chain learnt
// from the labelled set's English texts (function words, their usual phrases: "one of the", "said on Monday"), with
// a share of the words drawn from the reading benchmark's 50,000-word vocabulary instead (names and rare terms).
// Unrelated texts then share the phrases real ones share, which is what makes MinHash bands collide.
import { vocabulary } from '../benchReading/vocabulary.ts';
import { readLabelledSet } from '../benchStories/labelledSet.ts';

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same text. */
export function random32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const LATIN_WORDS = /^[a-z][a-z'-]*$/;

/** Makes texts of `words` words; `rareShare`: the share of words drawn from the vocabulary's long tail. */
export function englishLikeTexts(rareShare = 0.25): (seed: number, words?: number) => string {
  const successors = new Map<string, string[]>();
  const starts: string[] = [];
  for (const pair of readLabelledSet().pairs) {
    for (const side of [pair.a, pair.b]) {
      const tokens = side.text
        .toLowerCase()
        .split(/[^a-z'-]+/)
        .filter((token) => LATIN_WORDS.test(token));
      if (tokens.length < 10) continue;
      starts.push(tokens[0]!);
      for (let i = 0; i + 1 < tokens.length; i++) {
        const next = successors.get(tokens[i]!) ?? [];
        next.push(tokens[i + 1]!);
        successors.set(tokens[i]!, next);
      }
    }
  }
  const rare = vocabulary(50_000).slice(500);
  return (seed, count = 160) => {
    const random = random32(seed);
    const words: string[] = [];
    let word = starts[Math.floor(random() * starts.length)]!;
    while (words.length < count) {
      if (random() < rareShare) {
        // Zipf-like over the tail: rank = floor(n^u).
        word = rare[Math.min(rare.length - 1, Math.floor(rare.length ** random()) - 1)]!;
      } else {
        const next = successors.get(word);
        word = next ? next[Math.floor(random() * next.length)]! : starts[Math.floor(random() * starts.length)]!;
      }
      words.push(word);
    }
    let text = '';
    for (let i = 0; i < words.length; i++) text += i % 18 === 17 ? `${words[i]}. ` : `${words[i]} `;
    return text.trim() + '.';
  };
}
