// The reading benchmark's instances: the everyday one of a million articles and the large one of ten million
// (issue 47), each shrunk by a factor (BENCH_READING_SCALE) to try the script quickly, and the database each lives in.
import { gaussian, random } from './random.ts';

export const PLAN_NAMES = ['1m', '10m'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The instance's shape. */
export type SeedPlan = {
  users: number;
  feeds: number;
  articles: number;
  /** Articles of the one large feed that the main users subscribe to with everything unread. */
  largeFeedArticles: number;
  /** An ordinary user's subscriptions: min · (max / min)^(u²), u uniform in [0, 1), so most lie near min. */
  subscriptionsMin: number;
  subscriptionsMax: number;
  /** The main users' subscriptions besides the large feed. */
  mainUserSubscriptions: number;
  /** The main users never catch up (unread with probability e^(−age / 365 days)): the heaviest readers. */
  mainUsersBehind: boolean;
  /** A subscription draws the feed of popularity rank r with probability ∝ r^−s: a few feeds have most subscribers. */
  popularityExponent: number;
  /** The ordinary feed of size rank r holds ∝ r^−e of the articles. */
  sizeExponent: number;
  /**
   * 0: the most popular feed is the largest, the second the second largest, and so on. Above 0, a feed's size rank
   * follows its popularity rank moved by log-normal noise of this σ, so popular feeds are larger on the whole only.
   */
  sizeNoise: number;
  /** Feeds that no draw picked get one subscriber each, as a real instance only fetches feeds someone follows. */
  everyFeedSubscribed: boolean;
  foldersPerUser: number;
  /** The first `mainUsers` users also subscribe to the large feed, all of it unread. */
  mainUsers: number;
  vocabulary: number;
  /** Paragraphs of 40–80 words that article bodies are runs of, and titles drawn from: pools made before the articles. */
  paragraphs: number;
  titles: number;
  days: number;
};

/** `name`'s plan with its users, feeds and articles multiplied by `factor` (at least a small instance). */
export function seedPlan(name: PlanName, factor = 1): SeedPlan {
  const at = (n: number, min: number) => Math.max(min, Math.round(n * factor));
  const common = {
    foldersPerUser: 5,
    mainUsers: 10,
    vocabulary: 50_000,
    paragraphs: at(60_000, 1_000),
    titles: at(100_000, 1_000),
    days: 730,
  };
  if (name === '1m') {
    return {
      ...common,
      users: at(1000, 20),
      feeds: at(10_000, 200),
      articles: at(1_000_000, 20_000),
      largeFeedArticles: at(100_000, 2_000),
      subscriptionsMin: 100,
      subscriptionsMax: 100,
      mainUserSubscriptions: 100,
      mainUsersBehind: false,
      popularityExponent: 1,
      sizeExponent: 0.8,
      sizeNoise: 0,
      everyFeedSubscribed: false,
    };
  }
  // Issue 47: 10,000 users with 50–500 subscriptions (mean about 140) among 100,000 feeds, half of which have at
  // most 2 subscribers and about 200 over 1,000. Feed sizes are flatter than 1m's and only loosely follow popularity,
  // so a reader's feeds bring about 100 articles a day (1m's bring several hundred), which keeps the unread rows
  // (about 2,500 per user, 25 million) within the disk; the main users, 500 feeds and never catching up, have
  // a few hundred thousand each.
  return {
    ...common,
    users: at(10_000, 20),
    feeds: at(100_000, 200),
    articles: at(10_000_000, 20_000),
    largeFeedArticles: at(100_000, 2_000),
    subscriptionsMin: 50,
    subscriptionsMax: 500,
    mainUserSubscriptions: 500,
    mainUsersBehind: true,
    popularityExponent: 1.2,
    sizeExponent: 0.5,
    sizeNoise: 3,
    everyFeedSubscribed: true,
    foldersPerUser: 8,
  };
}

/** The database of the instance: `tidings_bench_reading` for the full 1m, a name of its own for any other. */
export function benchReadingName(name: PlanName, factor = 1): string {
  const base = name === '1m' ? 'tidings_bench_reading' : `tidings_bench_reading_${name}`;
  return factor === 1 ? base : `${base}_${String(factor).replace(/\W/g, '_')}`;
}

/**
 * Article counts of the ordinary feeds (all but the large one) by popularity rank: the feed of size rank i gets
 * about i^−sizeExponent of the total, so most feeds hold a few dozen articles and a handful several thousand; with
 * sizeNoise 0 popularity rank 1 is also the largest (the same draw on every run).
 */
export function feedSizes(plan: SeedPlan): number[] {
  const feeds = plan.feeds - 1;
  const total = plan.articles - plan.largeFeedArticles;
  const weights = Array.from({ length: feeds }, (_, i) => (i + 1) ** -plan.sizeExponent);
  const sum = weights.reduce((a, b) => a + b, 0);
  const bySizeRank = weights.map((w) => Math.max(1, Math.round((w / sum) * total)));
  bySizeRank[0]! += total - bySizeRank.reduce((a, b) => a + b, 0);
  if (plan.sizeNoise === 0) return bySizeRank;
  const draw = random(47);
  const order = Array.from({ length: feeds }, (_, rank) => ({ rank, key: Math.log(rank + 1) + plan.sizeNoise * gaussian(draw) })).sort(
    (a, b) => a.key - b.key,
  );
  const sizes = new Array<number>(feeds);
  order.forEach(({ rank }, sizeRank) => (sizes[rank] = bySizeRank[sizeRank]!));
  return sizes;
}

/** Digits of the users' numbers in their names (reader0001 … at 1m, reader00001 … at 10m), so names sort by number. */
export function usernameDigits(plan: SeedPlan): number {
  return Math.max(4, String(plan.users).length);
}

/** The name of user `index` (1-based). */
export function username(plan: SeedPlan, index: number): string {
  return `reader${String(index).padStart(usernameDigits(plan), '0')}`;
}
