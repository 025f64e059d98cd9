/** Words that say nothing of what an article is about: never proposed as a pattern. */
const COMMON = new Set(
  (
    'a about after again against all also an and any are as at be because been before being between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers him his how i ' +
    'if in into is it its just me more most my new no nor not now of off on once one only or other our out over own ' +
    'same she should so some still such than that the their them then there these they this those through to too two ' +
    'under until up very was we were what when where which while who whom why will with would you your yours ' +
    'get gets got make makes made says said how-to why why-you first last best top next week today year years day days ' +
    'update updates news review reviews video videos podcast episode part time way ways thing things here’s it’s'
  ).split(' '),
);

/** How many words or names "Hide articles like this" proposes: one, so the rule hides what the article is about, not more. */
export const PREFILL_WORDS = 1;

/**
 * Distinctive words of an article's title for "Hide articles like this": the longest words that are not common ones
 * nor numbers, each once (any case), the best first chosen, then given in the title's order, separated by commas (so
 * any of them matches). A run of names (capitalised words inside the title: "Super Bowl") counts as one phrase and
 * comes first. When no word is left, the whole title as one phrase (its commas, which would split it, taken out), cut
 * at a word near 80 characters.
 */
export function distinctiveWords(title: string, max = PREFILL_WORDS): string {
  const words = title.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const seen = new Set<string>();
  const candidates: { word: string; index: number; score: number; name: boolean }[] = [];
  words.forEach((raw, index) => {
    const word = raw.replace(/['’]s$/u, '').replace(/['’-]+$/u, '');
    const key = word.toLowerCase();
    if (word.length < 3 || /^\p{N}+$/u.test(word) || COMMON.has(key) || seen.has(key)) return;
    seen.add(key);
    const name = index > 0 && /^\p{Lu}/u.test(word);
    const previous = candidates.at(-1);
    if (name && previous?.name && previous.index === index - 1) {
      // The next word of a name: the run is one phrase.
      candidates[candidates.length - 1] = { word: `${previous.word} ${word}`, index, score: previous.score + word.length, name };
      return;
    }
    candidates.push({ word, index, score: word.length + (name ? 4 : 0), name });
  });
  if (candidates.length === 0) return titlePhrase(title);
  return candidates
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map(({ word }) => word)
    .join(', ');
}

const PHRASE_MAX = 80;

function titlePhrase(title: string): string {
  const phrase = title.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  if (phrase.length <= PHRASE_MAX) return phrase;
  const cut = phrase.slice(0, PHRASE_MAX);
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : PHRASE_MAX);
}
