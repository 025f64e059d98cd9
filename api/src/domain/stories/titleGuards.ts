import { words } from './textKey.ts';

// Texts alike enough to match can still be two stories a reader keeps apart, and the titles tell: a series repeats
// its template text under a new number, and a follow-up repeats the story it follows under an "update" marker.

const NUMBER = /\d/;
// A date in a title is written with numbers and these words ("Weather forecast for Thursday, May 7").
const CALENDAR_WORDS = new Set(
  [
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun',
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec',
  ].flatMap((names) => names.split(' ')),
);
const FOLLOW_UP_MARKERS = new Set(['update', 'updated', 'updates', 'followup', 'correction', 'corrected']);

/**
 * True when the titles name two instalments of one series: they differ only in numbers and names of days and months
 * (`Weekly links #12` / `#13`, `Weather for Thursday, May 7` / `Friday, May 8`), or agree word for word up to a
 * number that differs (`Episode 41: The last COBOL programmers` / `Episode 42: Feeds that last`).
 */
export function seriesInstalments(titleA: string, titleB: string): boolean {
  const a = words(titleA);
  const b = words(titleB);
  if (a.length === b.length && a.some((word, i) => word !== b[i]) && a.every((word, i) => shape(word) === shape(b[i] as string))) {
    return true;
  }
  let wordsBefore = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const wordA = a[i] as string;
    const wordB = b[i] as string;
    if (wordA === wordB) {
      if (!NUMBER.test(wordA)) wordsBefore++;
      continue;
    }
    const bothNumbered = NUMBER.test(wordA) && NUMBER.test(wordB) && masked(wordA) === masked(wordB);
    // Only a number the titles reach through the same words is a series number: `3 dead as storm hits coast` /
    // `4 dead after storm` are for the text to judge.
    if (bothNumbered && wordsBefore > 0) return true;
    if (!bothNumbered) return false;
  }
  return false;
}

const masked = (word: string): string => word.replace(/\d+/g, '#');
const shape = (word: string): string => (NUMBER.test(word) ? masked(word) : CALENDAR_WORDS.has(word) ? '@' : word);

/**
 * True when exactly one title carries a follow-up marker (`… : update`, `Updated: …`, `… (follow-up)`,
 * `Correction: …`): the later story about the same events, which a reader keeps apart from the first.
 */
export function followUp(titleA: string, titleB: string): boolean {
  return hasFollowUpMarker(titleA) !== hasFollowUpMarker(titleB);
}

function hasFollowUpMarker(title: string): boolean {
  const found = words(title);
  return found.some((word, i) => FOLLOW_UP_MARKERS.has(word) || (word === 'follow' && found[i + 1] === 'up'));
}
