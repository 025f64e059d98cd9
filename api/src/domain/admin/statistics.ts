import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';
import {
  activeUserCount,
  brokenFeedCount,
  daysAgo,
  popularFeeds,
  recentlyActiveUsers,
  tableCount,
  type PopularFeed,
  type RecentUser,
} from './figures.ts';

/** The admin panel's Statistics tab. Large totals are estimates (figures.ts). */
export type AdminStats = {
  totalUsers: number;
  /** Users who used the app in the last 7 days. */
  activeUsers: number;
  totalFeeds: number;
  /** Feeds whose last fetch failed. */
  brokenFeeds: number;
  totalArticles: number;
  totalSubscriptions: number;
  totalShares: number;
  totalComments: number;
  popularFeeds: PopularFeed[];
  recentUsers: RecentUser[];
};

/** The instance's statistics, for administrators only. */
export async function adminStats(services: Services, viewer: Viewer | null): Promise<AdminStats> {
  requireAdministrator(viewer);
  const db = services.db;
  const [totalUsers, activeUsers, totalFeeds, brokenFeeds, totalArticles, totalSubscriptions, totalShares, totalComments, popular, recent] =
    await Promise.all([
      tableCount(db, 'User'),
      activeUserCount(db, daysAgo(7)),
      tableCount(db, 'Feed'),
      brokenFeedCount(db),
      tableCount(db, 'Article'),
      tableCount(db, 'Subscription'),
      tableCount(db, 'Share'),
      tableCount(db, 'Comment'),
      popularFeeds(db),
      recentlyActiveUsers(db),
    ]);
  return {
    totalUsers,
    activeUsers,
    totalFeeds,
    brokenFeeds,
    totalArticles,
    totalSubscriptions,
    totalShares,
    totalComments,
    popularFeeds: popular,
    recentUsers: recent,
  };
}
