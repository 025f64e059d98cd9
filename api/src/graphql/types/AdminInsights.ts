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
    feedId: t.globalID({ resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title', { description: 'Empty when the feed has none; show its url then.' }),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    subscriberCount: t.exposeInt('subscriberCount'),
  }),
});

const RecentUserRef = builder.objectRef<RecentUser>('AdminRecentUser').implement({
  description: 'A user by when they last used the app (a session or an API token).',
  fields: (t) => ({
    userId: t.globalID({ resolve: (user) => ({ type: 'User', id: user.id }) }),
    username: t.exposeString('username'),
    displayName: t.exposeString('displayName', { nullable: true }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true }),
    lastActiveAt: t.expose('lastActiveAt', { type: 'DateTime', description: 'Within a few minutes.' }),
  }),
});

const WeakSignalRef = builder.objectRef<WeakSignal>('AdminWeakSignal').implement({
  description: 'A feed at most one reader subscribes to whose articles were shared or commented on in the last 7 days.',
  fields: (t) => ({
    feedId: t.globalID({ resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title'),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    subscriberCount: t.exposeInt('subscriberCount'),
    sharesLastWeek: t.exposeInt('sharesLastWeek'),
    commentsLastWeek: t.exposeInt('commentsLastWeek'),
  }),
});

const BrokenFeedRef = builder.objectRef<BrokenFeed>('AdminBrokenFeed').implement({
  description: 'A feed whose last fetch failed.',
  fields: (t) => ({
    feedId: t.globalID({ resolve: (feed) => ({ type: 'Feed', id: feed.id }) }),
    title: t.exposeString('title'),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    error: t.exposeString('error', { description: 'The last fetch error.' }),
    lastFetchedAt: t.expose('lastFetchedAt', { type: 'DateTime', nullable: true }),
  }),
});

const AdminStatsRef = builder.objectRef<AdminStats>('AdminStats').implement({
  description: 'The Statistics tab. Totals over large tables are the planner’s estimate (exact below 50,000 rows).',
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers'),
    activeUsers: t.exposeInt('activeUsers', { description: 'Users who used the app (a session or an API token) in the last 7 days.' }),
    totalFeeds: t.exposeInt('totalFeeds'),
    brokenFeeds: t.exposeInt('brokenFeeds', { description: 'Feeds whose last fetch failed.' }),
    totalArticles: t.exposeInt('totalArticles'),
    totalSubscriptions: t.exposeInt('totalSubscriptions'),
    totalShares: t.exposeInt('totalShares'),
    totalComments: t.exposeInt('totalComments'),
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
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers'),
    activeUsers7d: t.exposeInt('activeUsers7d'),
    activeUsers30d: t.exposeInt('activeUsers30d'),
    totalFeeds: t.exposeInt('totalFeeds'),
    brokenFeeds: t.exposeInt('brokenFeeds'),
    totalArticles: t.exposeInt('totalArticles'),
  }),
});

const EngagementInsightsRef = builder.objectRef<Section<'engagement'>>('AdminEngagementInsights').implement({
  fields: (t) => ({
    totalShares: t.exposeInt('totalShares'),
    sharesLastWeek: t.exposeInt('sharesLastWeek'),
    totalComments: t.exposeInt('totalComments'),
    commentsLastWeek: t.exposeInt('commentsLastWeek'),
  }),
});

const GrowthInsightsRef = builder.objectRef<Section<'growth'>>('AdminGrowthInsights').implement({
  fields: (t) => ({ newUsersLastWeek: t.exposeInt('newUsersLastWeek') }),
});

const ContentInsightsRef = builder.objectRef<Section<'content'>>('AdminContentInsights').implement({
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
    pageviews: t.exposeInt('pageviews'),
    uniqueVisitors: t.exposeInt('uniqueVisitors'),
    bounceRate: t.exposeInt('bounceRate', { description: 'Percent of visits that viewed one page.' }),
    averageVisitTime: t.exposeInt('averageVisitTime', { description: 'Seconds.' }),
    topPages: t.field({
      type: [
        builder.objectRef<{ path: string; views: number }>('WebAnalyticsPage').implement({
          fields: (p) => ({ path: p.exposeString('path'), views: p.exposeInt('views') }),
        }),
      ],
      resolve: (figures) => figures.topPages,
    }),
    topEvents: t.field({
      type: [
        builder.objectRef<{ event: string; count: number }>('WebAnalyticsEvent').implement({
          fields: (e) => ({ event: e.exposeString('event'), count: e.exposeInt('count') }),
        }),
      ],
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
    instance: t.field({ type: InstanceInsightsRef, resolve: (insights) => insights.instance }),
    engagement: t.field({ type: EngagementInsightsRef, resolve: (insights) => insights.engagement }),
    growth: t.field({ type: GrowthInsightsRef, resolve: (insights) => insights.growth }),
    content: t.field({ type: ContentInsightsRef, resolve: (insights) => insights.content }),
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
    configured: t.exposeBoolean('configured'),
    provider: t.exposeString('provider', { nullable: true, description: '"postmark" when configured.' }),
    fromEmail: t.exposeString('fromEmail', { nullable: true }),
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
