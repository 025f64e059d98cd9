import { ENGLISH_STOP_WORDS } from './stopWords.ts';

/** How much a word in the title counts against one in the text: titles name the subject. */
const TITLE_WEIGHT = 3;
const MIN_WORD_LENGTH = 3;

/** Text without markup: tags and entities out (feeds send HTML), so no markup word becomes a keyword. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ');
}

/**
 * One word's base form: lower case, with regular English plurals folded ("batteries" → "battery", "rockets" →
 * "rocket") so both forms count as the same keyword. Deliberately no further stemming: keywords are shown to people.
 */
export function normaliseWord(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 4 && /(sses|shes|ches|xes)$/.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !/(ss|us|is|os)$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** A word that can name a topic: its base form (what is counted) and the form it was written in (what is shown). */
export type TopicWord = { term: string; written: string };

/** The words of a text that can name a topic: letters only (numbers and stop words out), lower case. */
export function topicWords(text: string): TopicWord[] {
  const words: TopicWord[] = [];
  for (const match of plainText(text).matchAll(/[\p{L}][\p{L}'’-]*[\p{L}]/gu)) {
    const written = match[0].toLowerCase().replace(/['’]s$/, '');
    if (written.length < MIN_WORD_LENGTH || ENGLISH_STOP_WORDS.has(written)) continue;
    const term = normaliseWord(written);
    if (term.length >= MIN_WORD_LENGTH && !ENGLISH_STOP_WORDS.has(term)) words.push({ term, written });
  }
  return words;
}

/** Term counts of one article, title words weighted up; `written` tallies how each term was written. */
export function termCounts(title: string, text: string, written: Map<string, Map<string, number>>): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (word: TopicWord, weight: number) => {
    counts.set(word.term, (counts.get(word.term) ?? 0) + weight);
    const forms = written.get(word.term) ?? new Map<string, number>();
    forms.set(word.written, (forms.get(word.written) ?? 0) + 1);
    written.set(word.term, forms);
  };
  for (const word of topicWords(title)) add(word, TITLE_WEIGHT);
  for (const word of topicWords(text)) add(word, 1);
  return counts;
}
