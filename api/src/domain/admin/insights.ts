import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';
import {
  activeUserCount,
  brokenFeedCount,
  brokenFeeds,
  createdSinceCount,
  daysAgo,
  newUserCount,
  popularFeeds,
  tableCount,
  weakSignals,
  type BrokenFeed,
  type PopularFeed,
  type WeakSignal,
} from './figures.ts';
import { webAnalyticsFigures, type WebAnalyticsFigures } from './webAnalytics.ts';

/** The admin panel's Analytics tab, computed from Tidings' own data. */
export type AdminInsights = {
  instance: {
    totalUsers: number;
    activeUsers7d: number;
    activeUsers30d: number;
    totalFeeds: number;
    brokenFeeds: number;
    totalArticles: number;
  };
  engagement: { totalShares: number; sharesLastWeek: number; totalComments: number; commentsLastWeek: number };
  growth: { newUsersLastWeek: number };
  content: { popularFeeds: PopularFeed[]; weakSignals: WeakSignal[]; brokenFeeds: BrokenFeed[] };
  /**
   * Only when a web-analytics dashboard is configured (ANALYTICS_URL): its address, and its figures for the last 7
   * days when they could be read from its API (null otherwise: not configured, or not answering).
   */
  webAnalytics: { dashboardUrl: string; figures: WebAnalyticsFigures | null } | null;
};

/** The instance's insights, for administrators only. */
export async function adminInsights(services: Services, viewer: Viewer | null): Promise<AdminInsights> {
  requireAdministrator(viewer);
  const db = services.db;
  const lastWeek = daysAgo(7);
  const [
    totalUsers,
    activeUsers7d,
    activeUsers30d,
    totalFeeds,
    brokenFeedTotal,
    totalArticles,
    totalShares,
    sharesLastWeek,
    totalComments,
    commentsLastWeek,
    newUsersLastWeek,
    popular,
    signals,
    broken,
    figures,
  ] = await Promise.all([
    tableCount(db, 'User'),
    activeUserCount(db, lastWeek),
    activeUserCount(db, daysAgo(30)),
    tableCount(db, 'Feed'),
    brokenFeedCount(db),
    tableCount(db, 'Article'),
    tableCount(db, 'Share'),
    createdSinceCount(db, 'Share', lastWeek),
    tableCount(db, 'Comment'),
    createdSinceCount(db, 'Comment', lastWeek),
    newUserCount(db, lastWeek),
    popularFeeds(db),
    weakSignals(db, lastWeek),
    brokenFeeds(db),
    services.config.analytics ? webAnalyticsFigures(services, services.config.analytics) : null,
  ]);
  return {
    instance: { totalUsers, activeUsers7d, activeUsers30d, totalFeeds, brokenFeeds: brokenFeedTotal, totalArticles },
    engagement: { totalShares, sharesLastWeek, totalComments, commentsLastWeek },
    growth: { newUsersLastWeek },
    content: { popularFeeds: popular, weakSignals: signals, brokenFeeds: broken },
    webAnalytics: services.config.analytics ? { dashboardUrl: services.config.analytics.dashboardUrl, figures } : null,
  };
}
