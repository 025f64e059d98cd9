/** Spec part 1 §2: the profile's 'N shared articles', 'shared article' for one. */
export function sharedArticlesLine(n: number): string {
  return `${n.toLocaleString('en-US')} shared article${n === 1 ? '' : 's'}`;
}
