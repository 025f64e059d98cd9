import { describe, expect, it } from 'vitest';
import {
  BAND_COUNT,
  LEDE_BAND_COUNT,
  OPENING_BAND_COUNT,
  MIN_TEXT_WORDS,
  SIGNATURE_SIZE,
  sharesBand,
  TEXT_SIMILARITY_THRESHOLD,
  textKey,
  textSimilarity,
  words,
} from './textKey.ts';

const STORY =
  'LIMA, Peru (AP) — A magnitude 6.8 earthquake shook southern Peru early Monday, damaging hundreds of adobe homes in the Arequipa region, ' +
  'cutting power to several towns and sending residents running into the streets in the dark, authorities said. The U.S. Geological Survey ' +
  'said the quake struck at 3:42 a.m. local time at a depth of 38 kilometers, about 60 kilometers northwest of the town of Camaná. Peru’s ' +
  'civil defense institute said at least four people were injured by falling debris and that teams were still assessing damage in remote villages.';
const OTHER =
  'The central library on Queen Street will close on 1 June for a year-long renovation that will add a children’s floor, a café and step-free ' +
  'access from the street. A temporary library will open in the former post office on Hill Street, with a smaller collection and the same ' +
  'opening hours. Books can be returned at either site until the end of May, the council said in a statement on Tuesday.';

const key = (text: string, title = 'A title') => {
  const found = textKey({ title, text });
  if (!found) throw new Error('expected a key');
  return found;
};

describe('textKey', () => {
  it('gives a fixed-size key of signed 32-bit integers and the shingle count', () => {
    const k = key(STORY);
    expect(k.signature).toHaveLength(SIGNATURE_SIZE);
    expect(k.bands).toHaveLength(BAND_COUNT);
    for (const value of [...k.signature, ...k.bands]) expect(value).toBe(value | 0);
    expect(k.shingleCount).toBeGreaterThan(60);
  });

  it('gives no key to a text of fewer than MIN_TEXT_WORDS words', () => {
    const short = Array.from({ length: MIN_TEXT_WORDS - 1 }, (_, i) => `word${i}`).join(' ');
    expect(textKey({ title: 'Update', text: short })).toBeNull();
    expect(textKey({ title: 'Update', text: `${short} more` })).not.toBeNull();
    expect(textKey({ title: 'A long title that does not count as text at all, however many words it has', text: '' })).toBeNull();
  });

  it('is the same for every process and release, as stored keys must be', () => {
    const counting =
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five';
    expect(key(counting).signature.slice(0, 3)).toEqual([14848671, 138209745, 89315568]);
  });

  it('ignores the title, case, punctuation and what comes after the opening words', () => {
    const k = key(STORY, 'Strong earthquake shakes southern Peru');
    expect(key(STORY, 'Peru quake').signature).toEqual(k.signature);
    expect(key(STORY.toUpperCase().replaceAll(',', ' ;')).signature).toEqual(k.signature);
    expect(key(`${STORY} ${OTHER} ${OTHER}`).signature).not.toEqual(k.signature); // STORY alone is shorter than the opening
    const long = `${STORY} ${OTHER}`;
    expect(key(`${long} And a last sentence far beyond the opening.`).signature).toEqual(key(long).signature);
  });

  it('finds a copy with a different byline and an excerpt of the first sentences alike', () => {
    const original = key(STORY);
    expect(textSimilarity(original, key(`FRANKLIN BRICEÑO Associated Press ${STORY}`))).toBeGreaterThanOrEqual(TEXT_SIMILARITY_THRESHOLD);
    const excerpt = key(`${STORY.split(' ').slice(0, 40).join(' ')}…`);
    expect(sharesBand(original, excerpt)).toBe(true);
    expect(textSimilarity(original, excerpt)).toBeGreaterThanOrEqual(TEXT_SIMILARITY_THRESHOLD);
    expect(textSimilarity(original, original)).toBe(1);
  });

  it("finds an excerpt of the article's first sentences by the lede's bands", () => {
    const article = key(`${STORY} ${OTHER}`);
    const excerpt = key(STORY.split(' ').slice(0, 30).join(' '));
    const ledeBands = (k: ReturnType<typeof key>) => k.bands.slice(OPENING_BAND_COUNT);
    expect(ledeBands(article)).toHaveLength(LEDE_BAND_COUNT);
    expect(ledeBands(article).filter((band, i) => band === ledeBands(excerpt)[i]).length).toBeGreaterThan(0);
    expect(textSimilarity(article, excerpt)).toBeGreaterThanOrEqual(TEXT_SIMILARITY_THRESHOLD);
  });

  it('keeps the bands of keys made before the lede had its own: the opening bands are their first ones', () => {
    const counting = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    expect(key(counting).bands.slice(0, 2)).toEqual([-2039656453, -1560932424]);
  });

  it('tells different texts apart', () => {
    expect(textSimilarity(key(STORY), key(OTHER))).toBeLessThan(0.2);
    expect(sharesBand(key(STORY), key(OTHER))).toBe(false);
  });

  it('reads scripts without spaces one character per word', () => {
    expect(words('九州南部が梅雨入り')).toEqual(['九', '州', '南', '部', 'が', '梅', '雨', '入', 'り']);
    expect(words('Grüße aus Köln, naïve café — 12:30')).toEqual(['grüße', 'aus', 'köln', 'naïve', 'café', '12', '30']);
    const japanese = '気象庁は4日、九州南部が梅雨入りしたとみられると発表した。平年より5日早く、昨年より12日早い。';
    expect(textKey({ title: '', text: japanese })).not.toBeNull();
  });
});
