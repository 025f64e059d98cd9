import Activity from 'lucide-react/icons/activity';
import FileText from 'lucide-react/icons/file-text';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Rss from 'lucide-react/icons/rss';
import TrendingUp from 'lucide-react/icons/trending-up';
import Users from 'lucide-react/icons/users';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { StatisticsTabQuery } from './__generated__/StatisticsTabQuery.graphql';
import { AdminFeedList } from './AdminFeedList';
import { Panel, StatCard, formatCount, plural } from './AdminPanel';
import { RecentUserList } from './RecentUserList';

/** The Statistics tab: four stat cards, the popular feeds and the recently active users. */
export function StatisticsTab() {
  // Each visit to the tab loads afresh: a tab change reloads data.
  const { adminStats: stats } = useLazyLoadQuery<StatisticsTabQuery>(
    graphql`
      query StatisticsTabQuery {
        adminStats {
          totalUsers
          activeUsers
          totalFeeds
          brokenFeeds
          totalArticles
          totalSubscriptions
          totalShares
          totalComments
          popularFeeds {
            ...AdminFeedList_feeds
          }
          recentUsers {
            ...RecentUserList_users
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard icon={Users} label="Total Users" value={stats.totalUsers} detail={`${formatCount(stats.activeUsers)} active (7 days)`} />
        <StatCard icon={Rss} label="Total Feeds" value={stats.totalFeeds} detail={`${formatCount(stats.brokenFeeds)} with errors`} />
        <StatCard
          icon={FileText}
          label="Total Articles"
          value={stats.totalArticles}
          detail={plural(stats.totalSubscriptions, 'subscription')}
        />
        <StatCard
          icon={MessagesSquare}
          label="Engagement"
          value={stats.totalShares + stats.totalComments}
          detail={`${plural(stats.totalShares, 'share')} · ${plural(stats.totalComments, 'comment')}`}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Panel title="Popular Feeds" description="By number of subscribers" icon={TrendingUp}>
          <AdminFeedList feeds={stats.popularFeeds} />
        </Panel>
        <Panel title="Recently Active Users" description="Who last used Tidings, on the web or with an API token" icon={Activity}>
          <RecentUserList users={stats.recentUsers} />
        </Panel>
      </div>
    </div>
  );
}
