/** Cells of the edit-distance table one search may fill: a long passage in a long article stays under ~100 ms. */
const CELL_BUDGET = 40_000_000;

/** Where an approximate match of a pattern lies in a text, and how many edits (insertions, deletions, changes) apart. */
export type ApproximateMatch = { start: number; end: number; distance: number };

/**
 * The substring of `text` within `[from, to)` closest to `pattern` by edit distance (Sellers' algorithm: a match may
 * begin anywhere), with at most `maxDistance` edits; among equally close ones, the one ending nearest `expectedEnd`.
 * Null when none is that close, or when the search would cost more than the budget.
 */
export function approximateMatch(
  text: string,
  pattern: string,
  { from = 0, to = text.length, maxDistance, expectedEnd }: { from?: number; to?: number; maxDistance: number; expectedEnd?: number },
): ApproximateMatch | null {
  const m = pattern.length;
  if (m === 0 || (to - from) * m > CELL_BUDGET) return null;
  // column[i]: the fewest edits turning pattern[0, i) into some text ending at the current position.
  let column = Int32Array.from({ length: m + 1 }, (_, i) => i);
  let next = new Int32Array(m + 1);
  let best: { end: number; distance: number } | null = null;
  for (let j = from; j < to; j++) {
    const character = text.charCodeAt(j);
    next[0] = 0;
    for (let i = 1; i <= m; i++) {
      const change = column[i - 1]! + (pattern.charCodeAt(i - 1) === character ? 0 : 1);
      next[i] = Math.min(change, column[i]! + 1, next[i - 1]! + 1);
    }
    [column, next] = [next, column];
    const distance = column[m]!;
    if (distance > maxDistance) continue;
    const end = j + 1;
    const nearer = best && expectedEnd !== undefined && Math.abs(end - expectedEnd) < Math.abs(best.end - expectedEnd);
    if (!best || distance < best.distance || (distance === best.distance && nearer)) best = { end, distance };
  }
  if (!best) return null;
  return { start: startOf(text, pattern, best.end, best.distance, from), end: best.end, distance: best.distance };
}

// Where the match ending at `end` begins: the same table run backwards from `end`, anchored there.
function startOf(text: string, pattern: string, end: number, distance: number, from: number): number {
  const m = pattern.length;
  let column = Int32Array.from({ length: m + 1 }, (_, i) => i);
  let next = new Int32Array(m + 1);
  let bestStart = Math.max(from, end - m);
  let bestDistance = Infinity;
  const lowest = Math.max(from, end - m - distance);
  for (let j = end - 1; j >= lowest; j--) {
    const character = text.charCodeAt(j);
    next[0] = end - j;
    for (let i = 1; i <= m; i++) {
      const change = column[i - 1]! + (pattern.charCodeAt(m - i) === character ? 0 : 1);
      next[i] = Math.min(change, column[i]! + 1, next[i - 1]! + 1);
    }
    [column, next] = [next, column];
    if (column[m]! < bestDistance) {
      bestDistance = column[m]!;
      bestStart = j;
    }
  }
  return bestStart;
}
