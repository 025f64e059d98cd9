import { emailStatus, type EmailStatus } from '../../domain/admin/email.ts';
import type { BrokenFeed, PopularFeed, RecentUser, WeakSignal } from '../../domain/admin/figures.ts';
import { adminInsights, type AdminInsights } from '../../domain/admin/insights.ts';
import { adminStats, type AdminStats } from '../../domain/admin/statistics.ts';
import type { WebAnalyticsFigures } from '../../domain/admin/webAnalytics.ts';
import { builder } from '../builder.ts';
import { PUBLIC_ADDRESS } from './AdminFeed.ts';

// The admin figures are plain objects, not nodes: their ids are the global ids of the Feed or User they describe,
// under feedId/userId (an `id` field would make Relay merge them with the Feed and User records).

const PopularFeedRef = builder.objectRef<PopularFeed>('AdminPopularFeed').implement({
  description: 'A feed by its number of subscribers.',
  fields: (t) => ({
    feedId: t.globalID({ description: 'The global id of the Feed.', resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title', { description: 'Empty when the feed has none; show its url then.' }),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    subscriberCount: t.exposeInt('subscriberCount', { description: 'Accounts subscribed to it now.' }),
  }),
});

const RecentUserRef = builder.objectRef<RecentUser>('AdminRecentUser').implement({
  description: 'A user by when they last used the app (a session or an API token).',
  fields: (t) => ({
    userId: t.globalID({ description: 'The global id of the User.', resolve: (user) => ({ type: 'User', id: user.id }) }),
    username: t.exposeString('username', { description: 'The unique handle, as in @mentions.' }),
    displayName: t.exposeString('displayName', { nullable: true, description: 'The name they chose; null when none (show the username).' }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Their picture’s address; null when they have none.' }),
    lastActiveAt: t.expose('lastActiveAt', { type: 'DateTime', description: 'Within a few minutes.' }),
  }),
});

const WeakSignalRef = builder.objectRef<WeakSignal>('AdminWeakSignal').implement({
  description: 'A feed at most one reader subscribes to whose articles were shared or commented on in the last 7 days.',
  fields: (t) => ({
    feedId: t.globalID({ description: 'The global id of the Feed.', resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title', { description: 'Empty when the feed has none; show its url then.' }),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    subscriberCount: t.exposeInt('subscriberCount', { description: 'Accounts subscribed to it now: 0 or 1.' }),
    sharesLastWeek: t.exposeInt('sharesLastWeek', { description: 'Shares of its articles in the last 7 days.' }),
    commentsLastWeek: t.exposeInt('commentsLastWeek', { description: 'Comments on its articles in the last 7 days.' }),
  }),
});

const BrokenFeedRef = builder.objectRef<BrokenFeed>('AdminBrokenFeed').implement({
  description: 'A feed whose last fetch failed.',
  fields: (t) => ({
    feedId: t.globalID({ description: 'The global id of the Feed.', resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title', { description: 'Empty when the feed has none; show its url then.' }),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    error: t.exposeString('error', { description: 'The last fetch error.' }),
    lastFetchedAt: t.expose('lastFetchedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When that failed fetch ran; null when never fetched.',
    }),
  }),
});

const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  description: 'The Statistics tab. Totals over large tables are the planner’s estimate (exact below 50,000 rows).',
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers', { description: 'Accounts on the instance.' }),
    activeUsers: t.exposeInt('activeUsers', { description: 'Users who used the app (a session or an API token) in the last 7 days.' }),
    totalFeeds: t.exposeInt('totalFeeds', { description: 'Feeds stored, subscribed to or not.' }),
    brokenFeeds: t.exposeInt('brokenFeeds', { description: 'Feeds whose last fetch failed.' }),
    totalArticles: t.exposeInt('totalArticles', { description: 'Articles stored, of every feed.' }),
    totalSubscriptions: t.exposeInt('totalSubscriptions', { description: 'Subscriptions of all accounts together.' }),
    totalShares: t.exposeInt('totalShares', { description: 'Shares, public and private, of articles and pages.' }),
    totalComments: t.exposeInt('totalComments', { description: 'Comments on articles.' }),
    popularFeeds: t.field({ type: [PopularFeedRef], description: 'At most 5.', resolve: (stats) => stats.popularFeeds }),
    recentUsers: t.field({
      type: [RecentUserRef],
      description: 'The most recently active, at most 5.',
      resolve: (stats) => stats.recentUsers,
    }),
  }),
});

type Section<K extends keyof AdminInsights> = NonNullable<AdminInsights[K]>;

const InstanceInsightsRef = builder.objectRef<Section<'instance'>>('AdminInstanceInsights').implement({
  description: 'The instance at a glance: accounts, activity and feeds.',
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers', { description: 'Accounts on the instance.' }),
    activeUsers7d: t.exposeInt('activeUsers7d', {
      description: 'Accounts that used the app (a session or an API token) in the last 7 days.',
    }),
    activeUsers30d: t.exposeInt('activeUsers30d', {
      description: 'Accounts that used the app (a session or an API token) in the last 30 days.',
    }),
    totalFeeds: t.exposeInt('totalFeeds', { description: 'Feeds stored, subscribed to or not.' }),
    brokenFeeds: t.exposeInt('brokenFeeds', { description: 'Feeds whose last fetch failed.' }),
    totalArticles: t.exposeInt('totalArticles', { description: 'Articles stored, of every feed.' }),
  }),
});

const EngagementInsightsRef = builder.objectRef<Section<'engagement'>>('AdminEngagementInsights').implement({
  description: 'How much people share and comment.',
  fields: (t) => ({
    totalShares: t.exposeInt('totalShares', { description: 'Shares ever made that still exist.' }),
    sharesLastWeek: t.exposeInt('sharesLastWeek', { description: 'Shares made in the last 7 days.' }),
    totalComments: t.exposeInt('totalComments', { description: 'Comments ever posted that still exist.' }),
    commentsLastWeek: t.exposeInt('commentsLastWeek', { description: 'Comments posted in the last 7 days.' }),
  }),
});

const GrowthInsightsRef = builder.objectRef<Section<'growth'>>('AdminGrowthInsights').implement({
  description: 'How fast the instance grows.',
  fields: (t) => ({ newUsersLastWeek: t.exposeInt('newUsersLastWeek', { description: 'Accounts registered in the last 7 days.' }) }),
});

const ContentInsightsRef = builder.objectRef<Section<'content'>>('AdminContentInsights').implement({
  description: 'Which feeds matter: the most followed, the little-followed ones people talk about, and the broken ones.',
  fields: (t) => ({
    popularFeeds: t.field({ type: [PopularFeedRef], description: 'At most 5.', resolve: (content) => content.popularFeeds }),
    weakSignals: t.field({ type: [WeakSignalRef], description: 'At most 5.', resolve: (content) => content.weakSignals }),
    brokenFeeds: t.field({
      type: [BrokenFeedRef],
      description: 'The most recently fetched, at most 5.',
      resolve: (content) => content.brokenFeeds,
    }),
  }),
});

const WebAnalyticsFiguresRef = builder.objectRef<WebAnalyticsFigures>('WebAnalyticsFigures').implement({
  description: 'The last 7 days, as the web-analytics dashboard counts them.',
  fields: (t) => ({
    pageviews: t.exposeInt('pageviews', { description: 'Pages viewed.' }),
    uniqueVisitors: t.exposeInt('uniqueVisitors', { description: 'Distinct visitors, as the dashboard tells them apart.' }),
    bounceRate: t.exposeInt('bounceRate', { description: 'Percent of visits that viewed one page.' }),
    averageVisitTime: t.exposeInt('averageVisitTime', { description: 'Seconds.' }),
    topPages: t.field({
      type: [
        builder.objectRef<{ path: string; views: number }>('WebAnalyticsPage').implement({
          description: 'A page of the app and how often it was viewed.',
          fields: (p) => ({
            path: p.exposeString('path', { description: 'The page’s path, e.g. `/articles`.' }),
            views: p.exposeInt('views', { description: 'Views in the last 7 days.' }),
          }),
        }),
      ],
      description: 'The most viewed pages, most first.',
      resolve: (figures) => figures.topPages,
    }),
    topEvents: t.field({
      type: [
        builder.objectRef<{ event: string; count: number }>('WebAnalyticsEvent').implement({
          description: 'A custom event the app reports (a button used, a feature tried) and how often it happened.',
          fields: (e) => ({
            event: e.exposeString('event', { description: 'The event’s name, as the app reports it.' }),
            count: e.exposeInt('count', { description: 'Times it happened in the last 7 days.' }),
          }),
        }),
      ],
      description: 'The most frequent custom events, most first.',
      resolve: (figures) => figures.topEvents,
    }),
  }),
});

const WebAnalyticsRef = builder.objectRef<Section<'webAnalytics'>>('AdminWebAnalytics').implement({
  description: 'The configured web-analytics dashboard (ANALYTICS_URL).',
  fields: (t) => ({
    dashboardUrl: t.exposeString('dashboardUrl', { description: 'To embed, and to open in a new tab.' }),
    figures: t.field({
      type: WebAnalyticsFiguresRef,
      nullable: true,
      description: 'Null when its API is not configured or did not answer.',
      resolve: (analytics) => analytics.figures,
    }),
  }),
});

const AdminInsightsRef = builder.objectRef<AdminInsights>('AdminInsights').implement({
  description: 'The Analytics tab, from Tidings’ own data (and the web-analytics dashboard when one is configured).',
  fields: (t) => ({
    instance: t.field({
      type: InstanceInsightsRef,
      description: 'Accounts, activity and feeds.',
      resolve: (insights) => insights.instance,
    }),
    engagement: t.field({ type: EngagementInsightsRef, description: 'Shares and comments.', resolve: (insights) => insights.engagement }),
    growth: t.field({ type: GrowthInsightsRef, description: 'New accounts.', resolve: (insights) => insights.growth }),
    content: t.field({
      type: ContentInsightsRef,
      description: 'Popular, weak-signal and broken feeds.',
      resolve: (insights) => insights.content,
    }),
    webAnalytics: t.field({
      type: WebAnalyticsRef,
      nullable: true,
      description: 'Only when a web-analytics dashboard is configured.',
      resolve: (insights) => insights.webAnalytics,
    }),
  }),
});

const EmailStatusRef = builder.objectRef<EmailStatus>('AdminEmailStatus').implement({
  description: 'Whether the instance sends e-mail.',
  fields: (t) => ({
    configured: t.exposeBoolean('configured', { description: 'True when POSTMARK_SERVER_TOKEN and EMAIL_FROM are both set.' }),
    provider: t.exposeString('provider', { nullable: true, description: '"postmark" when configured.' }),
    fromEmail: t.exposeString('fromEmail', { nullable: true, description: 'The sender address (EMAIL_FROM); null when not configured.' }),
  }),
});

// Administrators only, signed in with a session: the domain refuses anyone else (an UnauthenticatedError or
// ForbiddenError in `errors`).
builder.queryFields((t) => ({
  adminStats: t.field({
    type: AdminStatsRef,
    description: 'The instance’s statistics (administrators only).',
    resolve: (_root, _args, context) => adminStats(context.services, context.viewer),
  }),
  adminInsights: t.field({
    type: AdminInsightsRef,
    description: 'The instance’s insights (administrators only).',
    resolve: (_root, _args, context) => adminInsights(context.services, context.viewer),
  }),
  adminEmailStatus: t.field({
    type: EmailStatusRef,
    description: 'Whether the instance sends e-mail (administrators only).',
    resolve: (_root, _args, context) => emailStatus(context.services, context.viewer),
  }),
}));
