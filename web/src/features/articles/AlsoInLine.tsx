import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { AlsoInLine_article$key } from './__generated__/AlsoInLine_article.graphql';

/** How many feeds the line names before it only counts the rest. */
export const ALSO_IN_NAMED = 3;

/** "Also in: The Guardian, Hacker News", the names past the third counted ("+2 more"); null when no other feed has it. */
export function alsoInText(feedTitles: readonly string[]): string | null {
  if (feedTitles.length === 0) return null;
  const named = `Also in: ${feedTitles.slice(0, ALSO_IN_NAMED).join(', ')}`;
  const rest = feedTitles.length - ALSO_IN_NAMED;
  return rest > 0 ? `${named} +${rest} more` : named;
}

/**
 * The quiet line of a list row whose story other feeds of the viewer carry too. Only text: the row's own link,
 * which covers it, opens the article; the reader links the other copies.
 */
export function AlsoInLine({ article, className }: { article: AlsoInLine_article$key; className?: string }) {
  const { alsoIn } = useFragment(
    graphql`
      fragment AlsoInLine_article on Article {
        alsoIn {
          feedTitle
        }
      }
    `,
    article,
  );
  const text = alsoInText(alsoIn.map((copy) => copy.feedTitle));
  if (!text) return null;
  return <span className={cx('truncate text-xs text-muted', className)}>{text}</span>;
}
