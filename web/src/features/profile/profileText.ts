import { countOf } from '../../ui/counts';

/** The profile's 'N shared articles', 'shared article' for one. */
export function sharedArticlesLine(n: number): string {
  return countOf(n, 'shared article');
}
