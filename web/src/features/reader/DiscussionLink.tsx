import MessagesSquare from 'lucide-react/icons/messages-square';
import { graphql, useFragment } from 'react-relay';
import type { DiscussionLink_article$key } from './__generated__/DiscussionLink_article.graphql';

/** "Comments on {site}": the page where the article is discussed (an RSS item's <comments>), under the text. */
export function DiscussionLink({ article }: { article: DiscussionLink_article$key }) {
  const { commentsUrl } = useFragment(
    graphql`
      fragment DiscussionLink_article on Article {
        commentsUrl
      }
    `,
    article,
  );
  const site = commentsUrl ? siteOf(commentsUrl) : null;
  if (!commentsUrl || !site) return null;
  return (
    <p className="mt-8">
      <a
        href={commentsUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
      >
        <MessagesSquare aria-hidden="true" className="size-4" />
        Comments on {site}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </p>
  );
}

function siteOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}
