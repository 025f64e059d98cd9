import { RE2JS } from 're2js';

// A rule's pattern, compiled once into a test of text. Plain patterns are words or phrases separated by commas, each
// matched as whole words, case- and accent-insensitively ("cafe" matches "Café", "apple watch" matches "Apple
// Watch's" but not "pineapple"). Regular expressions are RE2 syntax, run by re2js: matching is linear in the text
// whatever the pattern (no backtracking), and RE2's parser refuses what could not be (backreferences, lookaround)
// and repeats that would make the program too large (a count over 1,000, nested counts over 1,000 together). Both
// are tested against the text with accents taken off, so "resume" and "résumé" are one word to every rule.

export const PATTERN_MAX = 500;

/** A pattern that cannot be used, with the reason a person can act on. */
export class PatternError extends Error {}

export type PatternMatcher = (foldedText: string) => boolean;

/** The text as rules see it: decomposed, without combining marks (accents), lower case. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The comma-separated phrases of a plain pattern, each as its folded words. */
export function plainPhrases(pattern: string): string[][] {
  return pattern
    .split(',')
    .map((phrase) =>
      foldText(phrase)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    )
    .filter((words) => words.length > 0);
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Compiles a pattern, or throws a PatternError saying why it cannot be used. A plain pattern becomes a native
 * expression of literal words only (alternatives of words joined by non-word runs), which has no nested repeats to
 * backtrack on; a regular expression goes to RE2.
 */
export function compilePattern(pattern: string, isRegex: boolean): PatternMatcher {
  if (pattern.trim() === '') throw new PatternError('Enter words to match, or a regular expression');
  if (pattern.length > PATTERN_MAX) throw new PatternError(`A pattern must be at most ${PATTERN_MAX} characters`);
  if (!isRegex) {
    const phrases = plainPhrases(pattern);
    if (phrases.length === 0) throw new PatternError('Enter at least one word with letters or digits');
    const alternatives = phrases.map((words) => words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+'));
    const expression = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
    return (text) => expression.test(text);
  }
  if (/\(\?<?[=!]/.test(pattern)) {
    throw new PatternError('Lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported: they cannot run in linear time');
  }
  if (/\\[1-9]/.test(pattern)) throw new PatternError('Backreferences (\\1 … \\9) are not supported: they cannot run in linear time');
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(foldText(pattern), RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    throw new PatternError(`Not a regular expression Tidings can run: ${regexProblem(error)}`);
  }
  if (compiled.matcher('').find()) throw new PatternError('This expression matches every article: make it match something');
  return (text) => compiled.matcher(text).find();
}

/** RE2's own wording ("error parsing regexp: invalid repeat count: `{1001}`"), without its prefix. */
function regexProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp:\s*/i, '');
}
