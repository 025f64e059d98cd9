import { fnv1a32, mix32 } from './hash32.ts';

// Near-duplicate text by MinHash with LSH bands rather than PostgreSQL trigram similarity: the key is computed here,
// so it needs no extension (the embedded PostgreSQL may lack pg_trgm); it has a fixed size per article (a few
// hundred bytes, however long the text); candidates are found by equality on band hashes, which a GIN index on an
// int[] column serves, where trigram similarity needs a GiST/GIN trigram index whose cost grows with text length.
//
// What is compared is the opening of the text, not the title: wire copy keeps its lede and is cut from the bottom
// ("inverted pyramid"), while outlets rewrite headlines, and a short title ("Update", "Links") says nothing.
// Titles only keep apart series and follow-ups (titleGuards.ts).
//
// The measure is containment — the share of the shorter opening's shingles found in the longer one — rather than
// Jaccard similarity: an excerpt-only feed carries the first sentences of an article, and an outlet that cuts wire
// copy short carries a prefix of it; both are subsets, whose Jaccard similarity falls with the length of the other
// copy. It is estimated from the MinHash Jaccard estimate J and the two shingle counts: |A∩B| = J(|A|+|B|)/(1+J).

/** MinHash values per key: the Jaccard estimate's standard error is √(J(1−J)/128), 0.04 at J = 0.3. */
export const SIGNATURE_SIZE = 128;
/** Rows per LSH band: two texts become candidates when all the rows of one band agree. */
export const BAND_ROWS = 2;
/**
 * Bands of the whole compared opening, the signature's first 48 values: a pair shares one with probability
 * 1 − (1 − J²)^24, 0.998 at J = 0.48 (two openings of one length at the similarity threshold), 0.62 at J = 0.2; two
 * unrelated texts about 0.002. Keys of story rules version 1 hold 64 such bands, of which these are the first 24.
 */
export const OPENING_BAND_COUNT = 24;
/** The first words of the text that the lede's bands are made of. */
export const LEDE_WORDS = 40;
/**
 * Bands of the lede's own MinHash (LEDE_WORDS words, BAND_ROWS values a band): an excerpt or a cut copy carries the
 * article's first sentences, so its lede is nearly the article's (J 0.74 for an excerpt of 30 words, 1 from 40),
 * where its whole opening is a small share of the article's (J 0.19 at 30 words): 8 bands find it with probability
 * 0.998 at 30 words, where the opening's bands alone would need far more of them. docs/benchmarks.md
 */
export const LEDE_BAND_COUNT = 8;
/** Band hashes per key: the opening's, then the lede's, each distinct per band position. */
export const BAND_COUNT = OPENING_BAND_COUNT + LEDE_BAND_COUNT;
/** Words per shingle. */
export const SHINGLE_WORDS = 3;
/** The opening words of the text that are compared (about 1,000 characters of English); the rest does not count. */
export const COMPARED_WORDS = 150;
/** Fewer words than this in the text, and it gives no key: too little to tell a copy from a coincidence. */
export const MIN_TEXT_WORDS = 25;
/** Estimated containment (0–1) from which two texts are the same story. */
export const TEXT_SIMILARITY_THRESHOLD = 0.65;
/** Two texts are only compared when published at most this far apart. */
export const STORY_WINDOW_MS = 72 * 60 * 60 * 1000;

/** A text's fixed-size similarity key; the arrays hold signed 32-bit integers, as PostgreSQL's int4[] stores them. */
export interface TextKey {
  /** SIGNATURE_SIZE MinHash values. */
  signature: number[];
  /** BAND_COUNT band hashes: OPENING_BAND_COUNT of the signature, then LEDE_BAND_COUNT of the lede's MinHash. */
  bands: number[];
  /** Distinct shingles of the compared opening (at least MIN_TEXT_WORDS − SHINGLE_WORDS + 1). */
  shingleCount: number;
}

/** What a key is computed from: the plain text of the article's first paragraphs (about 1,000 characters suffice). */
export interface TextKeyInput {
  title: string;
  text: string;
}

// One seed per MinHash function: a hash function h_i(x) = mix32(x ^ seed_i). Fixed forever, like the stored keys:
// the signature's, then the lede's.
const LEDE_SIGNATURE_SIZE = LEDE_BAND_COUNT * BAND_ROWS;
const SEEDS = Uint32Array.from({ length: SIGNATURE_SIZE + LEDE_SIGNATURE_SIZE }, (_, i) => mix32(0x9e3779b9 + Math.imul(i, 0x7f4a7c15)));
// The lede's bands take the positions after the 64 that keys of the whole opening have ever used.
const LEDE_BAND_POSITION = 64;

// Scripts written without spaces count one character as one word, so that their shingles are character trigrams.
const UNSPACED = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}';
const WORD = new RegExp(`[${UNSPACED}]|(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');

/** Returns the words of a text, lower-cased and NFKC-normalised, in order: letters, digits and marks, without punctuation. */
export function words(text: string, limit = Number.POSITIVE_INFINITY): string[] {
  const found: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    found.push(match[0]);
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * Returns the similarity key of an article's opening text, or null when the text has fewer than MIN_TEXT_WORDS
 * words (then it never matches by text). The title is not part of the key (see above).
 */
export function textKey({ text }: TextKeyInput): TextKey | null {
  const opening = words(text, COMPARED_WORDS);
  if (opening.length < MIN_TEXT_WORDS) return null;
  const wordHashes = opening.map(fnv1a32);
  const shingles = new Set<number>();
  const ledeShingles = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= wordHashes.length; i++) {
    // An order-sensitive combination of the words' hashes: "a b c" and "c b a" are different shingles.
    let hash = 0;
    for (let j = i; j < i + SHINGLE_WORDS; j++) hash = mix32(Math.imul(hash, 0x9e3779b1) + (wordHashes[j] as number));
    shingles.add(hash);
    if (i + SHINGLE_WORDS <= LEDE_WORDS) ledeShingles.add(hash);
  }
  const signature = minHash(shingles, 0, SIGNATURE_SIZE);
  const lede = minHash(ledeShingles, SIGNATURE_SIZE, LEDE_SIGNATURE_SIZE);
  const bands = [
    ...Array.from({ length: OPENING_BAND_COUNT }, (_, band) => bandHash(signature, band, band)),
    ...Array.from({ length: LEDE_BAND_COUNT }, (_, band) => bandHash(lede, band, LEDE_BAND_POSITION + band)),
  ];
  return { signature, bands, shingleCount: shingles.size };
}

/** The minima of `count` hash functions, from the seed at `firstSeed`, over the shingles, as signed integers. */
function minHash(shingles: Set<number>, firstSeed: number, count: number): number[] {
  const minima = new Uint32Array(count).fill(0xffffffff);
  for (const shingle of shingles) {
    for (let i = 0; i < count; i++) {
      // mix32(shingle ^ SEEDS[i]), written out: this loop is nearly all of the key's cost.
      let h = shingle ^ (SEEDS[firstSeed + i] as number);
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      h = (h ^ (h >>> 16)) >>> 0;
      if (h < (minima[i] as number)) minima[i] = h;
    }
  }
  return Array.from(minima, (value) => value | 0);
}

function bandHash(values: number[], band: number, position: number): number {
  let hash = mix32(position + 1);
  for (let row = 0; row < BAND_ROWS; row++) hash = mix32(hash ^ Math.imul(values[band * BAND_ROWS + row] as number, 0x01000193));
  return hash | 0;
}

/** Returns the estimated Jaccard similarity (0–1) of the two texts' shingles: the share of equal MinHash values. */
export function jaccardEstimate(a: TextKey, b: TextKey): number {
  let equal = 0;
  for (let i = 0; i < SIGNATURE_SIZE; i++) if (a.signature[i] === b.signature[i]) equal++;
  return equal / SIGNATURE_SIZE;
}

/** Returns the estimated share (0–1) of the shorter text's shingles that the longer one has: the text similarity. */
export function textSimilarity(a: TextKey, b: TextKey): number {
  const jaccard = jaccardEstimate(a, b);
  const shared = (jaccard * (a.shingleCount + b.shingleCount)) / (1 + jaccard);
  return Math.min(1, shared / Math.min(a.shingleCount, b.shingleCount));
}

/** True when the keys share a band hash: the pairs an index on the bands finds, the only ones ever compared. */
export function sharesBand(a: TextKey, b: TextKey): boolean {
  for (let i = 0; i < BAND_COUNT; i++) if (a.bands[i] === b.bands[i]) return true;
  return false;
}
