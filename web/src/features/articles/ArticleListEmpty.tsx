import { Link } from '@tanstack/react-router';
import Inbox from 'lucide-react/icons/inbox';
import Rss from 'lucide-react/icons/rss';
import SearchX from 'lucide-react/icons/search-x';
import Users from 'lucide-react/icons/users';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { EmptyState } from '../../ui/EmptyState';
import { requestAddFeed } from '../feeds/addFeedRequest';
import type { ArticleListEmpty_query$key } from './__generated__/ArticleListEmpty_query.graphql';
import type { ArticleListFilter } from './listSearch';
import { emptyMessage } from './listSummary';

type Props = { query: ArticleListEmpty_query$key; filter: ArticleListFilter; searchText: string | null };

/**
 * The empty list: 'No articles found' and why, for the filter or the search. A reader who follows
 * no feed yet is told so and led to add one or to Discover, not that everything has been read. The circle view,
 * which comes from people rather than feeds, leads to the directory of people instead.
 */
export function ArticleListEmpty({ query, filter, searchText }: Props) {
  const data = useFragment(
    graphql`
      fragment ArticleListEmpty_query on Query {
        rootSubscriptions {
          id
        }
        folders {
          subscriptions {
            id
          }
        }
      }
    `,
    query,
  );
  if (filter === 'circle') {
    const { title, detail } = emptyMessage(filter, null);
    return (
      <EmptyState icon={Users} title={title} detail={detail}>
        <Link to="/users" className={buttonClass('primary')}>
          Find people to follow
        </Link>
      </EmptyState>
    );
  }
  const following = data.rootSubscriptions.length > 0 || data.folders.some((folder) => folder.subscriptions.length > 0);
  if (!following && filter !== 'liked' && !searchText) {
    return (
      <EmptyState
        icon={Rss}
        title="You're not following any feeds yet"
        detail="Add a website or feed address, or pick from feeds others read here. New articles will show up in this list."
      >
        <button type="button" onClick={requestAddFeed} className={buttonClass('primary')}>
          Add a feed
        </button>
        <Link to="/discover" className={buttonClass('secondary')}>
          Discover feeds
        </Link>
      </EmptyState>
    );
  }
  const { title, detail } = emptyMessage(filter, searchText);
  return <EmptyState icon={searchText ? SearchX : Inbox} title={title} detail={detail} />;
}
