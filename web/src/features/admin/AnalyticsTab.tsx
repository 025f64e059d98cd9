import HeartPulse from 'lucide-react/icons/heart-pulse';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Sprout from 'lucide-react/icons/sprout';
import TrendingUp from 'lucide-react/icons/trending-up';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import UserPlus from 'lucide-react/icons/user-plus';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { AnalyticsTabQuery } from './__generated__/AnalyticsTabQuery.graphql';
import { AdminFeedList } from './AdminFeedList';
import { Figures, NothingYet, Panel, plural } from './AdminPanel';
import { WebAnalyticsPanel } from './WebAnalyticsPanel';

/**
 * The Analytics tab: insights from Tidings' own data (instance health, engagement, growth, popular
 * feeds, weak signals, broken feeds), and the web-analytics dashboard when the instance has one.
 */
export function AnalyticsTab() {
  const { adminInsights: insights } = useLazyLoadQuery<AnalyticsTabQuery>(
    graphql`
      query AnalyticsTabQuery {
        adminInsights {
          instance {
            totalUsers
            activeUsers7d
            activeUsers30d
            totalFeeds
            brokenFeeds
            totalArticles
          }
          engagement {
            totalShares
            sharesLastWeek
            totalComments
            commentsLastWeek
          }
          growth {
            newUsersLastWeek
          }
          content {
            popularFeeds {
              ...AdminFeedList_feeds
            }
            weakSignals {
              feedId
              title
              url
              subscriberCount
              sharesLastWeek
              commentsLastWeek
            }
            brokenFeeds {
              feedId
              title
              url
              error
            }
          }
          webAnalytics {
            ...WebAnalyticsPanel_analytics
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  const { instance, engagement, growth, content } = insights;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Instance Health" icon={HeartPulse}>
          <Figures
            figures={[
              ['Users', instance.totalUsers],
              ['Active, 7 days', instance.activeUsers7d],
              ['Active, 30 days', instance.activeUsers30d],
              ['Feeds', instance.totalFeeds],
              ['Broken feeds', instance.brokenFeeds],
              ['Articles', instance.totalArticles],
            ]}
          />
        </Panel>
        <Panel title="Engagement" icon={MessagesSquare}>
          <Figures
            figures={[
              ['Shares', engagement.totalShares],
              ['Shares, last week', engagement.sharesLastWeek],
              ['Comments', engagement.totalComments],
              ['Comments, last week', engagement.commentsLastWeek],
            ]}
          />
        </Panel>
        <Panel title="Growth" icon={UserPlus}>
          <Figures figures={[['New users, last week', growth.newUsersLastWeek]]} />
        </Panel>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Popular Feeds" icon={TrendingUp}>
          <AdminFeedList feeds={content.popularFeeds} />
        </Panel>
        <Panel title="Weak Signals" description="Feeds one reader follows that were shared or discussed this week" icon={Sprout}>
          {content.weakSignals.length === 0 ? (
            <NothingYet>Nothing stirring outside the popular feeds this week.</NothingYet>
          ) : (
            <ul className="divide-y divide-line">
              {content.weakSignals.map((signal) => (
                <li key={signal.feedId} className="py-2.5">
                  <p className="truncate font-medium text-ink">{signal.title || signal.url}</p>
                  <p className="text-sm text-muted">
                    {plural(signal.sharesLastWeek, 'share')} · {plural(signal.commentsLastWeek, 'comment')} ·{' '}
                    {plural(signal.subscriberCount, 'subscriber')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Broken Feeds" description="Their last fetch failed" icon={TriangleAlert}>
          {content.brokenFeeds.length === 0 ? (
            <NothingYet>Every feed fetched fine.</NothingYet>
          ) : (
            <ul className="divide-y divide-line">
              {content.brokenFeeds.map((feed) => (
                <li key={feed.feedId} className="py-2.5">
                  <p className="truncate font-medium text-ink">{feed.title || feed.url}</p>
                  <p className="line-clamp-2 break-words text-sm text-danger">{feed.error}</p>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
      {insights.webAnalytics && <WebAnalyticsPanel analytics={insights.webAnalytics} />}
    </div>
  );
}
