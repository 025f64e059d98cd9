import { Link } from '@tanstack/react-router';
import { graphql, useFragment } from 'react-relay';
import { useArticleLink } from '../articles/articleLink';
import type { ArticleAlsoIn_article$key } from './__generated__/ArticleAlsoIn_article.graphql';

/**
 * The other feeds of the viewer that carry the article's story, each a link that opens its copy in the reader (beside
 * the list when the reader is there). Nothing when no other feed has it.
 */
export function ArticleAlsoIn({ article }: { article: ArticleAlsoIn_article$key }) {
  const { alsoIn } = useFragment(
    graphql`
      fragment ArticleAlsoIn_article on Article {
        alsoIn {
          feedTitle
          article {
            id
          }
        }
      }
    `,
    article,
  );
  const articleLink = useArticleLink();
  if (alsoIn.length === 0) return null;
  return (
    <p className="mt-2 flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-sm text-muted">
      <span>Also in:</span>
      {alsoIn.map((copy, index) => (
        <span key={copy.article.id}>
          <Link {...articleLink(copy.article.id)} className="rounded font-medium text-accent-strong underline-offset-4 hover:underline">
            {copy.feedTitle}
          </Link>
          {index < alsoIn.length - 1 && <span aria-hidden="true">,</span>}
        </span>
      ))}
    </p>
  );
}
