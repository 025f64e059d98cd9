import { countOf } from '../../ui/counts';

/** Spec part 1 §2: the profile's 'N shared articles', 'shared article' for one. */
export function sharedArticlesLine(n: number): string {
  return countOf(n, 'shared article');
}
