import * as Menu from '@radix-ui/react-dropdown-menu';
import Check from 'lucide-react/icons/check';
import FileText from 'lucide-react/icons/file-text';
import type { ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import type { FullTextFeedItemQuery } from './__generated__/FullTextFeedItemQuery.graphql';
import { useSetFullText } from './useUpdateFullTextSettings';

const subscriptionsQuery = graphql`
  query FullTextFeedItemQuery {
    feedSubscriptions {
      id
      title
      fullText
      sendsExcerpts
      feed {
        id
      }
    }
  }
`;

/**
 * “Always show the full article” in an article's menu, checked when on, when the viewer subscribes to the article's
 * feed; a feed that sends excerpts says so while it is off. `className` is the menu's item style.
 */
export function FullTextFeedItem({ feedId, className }: { feedId: string; className: string }): ReactNode {
  const { feedSubscriptions } = useLazyLoadQuery<FullTextFeedItemQuery>(subscriptionsQuery, {}, { fetchPolicy: 'store-or-network' });
  const setFullText = useSetFullText();
  const subscription = feedSubscriptions.find((candidate) => candidate.feed.id === feedId);
  if (!subscription) return null;
  return (
    <Menu.CheckboxItem
      checked={subscription.fullText}
      onSelect={() => setFullText(subscription, !subscription.fullText)}
      className={cx(className, 'py-1.5')}
    >
      <FullTextItemLabel hint={subscription.sendsExcerpts && !subscription.fullText} />
      <Menu.ItemIndicator>
        <Check aria-hidden="true" className="size-4 text-accent-strong" />
      </Menu.ItemIndicator>
    </Menu.CheckboxItem>
  );
}

/** The item's icon and words, also drawn (disabled) while the viewer's feeds load. */
export function FullTextItemLabel({ hint = false }: { hint?: boolean }) {
  return (
    <>
      <FileText aria-hidden="true" className="size-4 shrink-0 opacity-80" />
      <span className="min-w-0 flex-1">
        Always show the full article
        {hint && <span className="block text-xs text-muted">This feed sends excerpts</span>}
      </span>
    </>
  );
}
