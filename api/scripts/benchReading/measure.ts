// Times the real domain functions — articleQuery + listArticles (a page), countArticles (the screen's total)
// and markAllArticlesRead — for random users of the seeded instance. "Server time" is performance.now() around
// each call: validation, scope lookups, the SQL round trips and Prisma's mapping, without HTTP or GraphQL.
import type { PrismaClient } from '../../src/db/prisma.ts';
import { articleRowsSql } from '../../src/domain/articles/articleListSql.ts';
import { type ArticleQuery, articleQuery } from '../../src/domain/articles/articleQuery.ts';
import { markAllArticlesRead } from '../../src/domain/articles/articleState.ts';
import { countArticles, listArticles } from '../../src/domain/articles/listArticles.ts';
import { unreadCountsByFeed, unreadCountsByFolder } from '../../src/domain/articles/unreadCounts.ts';
import { encodeKeyset } from '../../src/domain/core/keyset.ts';
import type { Services, Viewer } from '../../src/domain/core/services.ts';
import type { Marker } from './database.ts';
import { random } from './random.ts';

export type Sample = { ms: number; rows: number; query?: ArticleQuery; input?: unknown; viewer: Viewer; ids?: string[] };
export type CaseResult = { name: string; kind: 'list' | 'count' | 'mark' | 'sidebar' | 'circle' | 'view' | 'retention'; samples: Sample[] };

export type UserInfo = {
  viewer: Viewer;
  /** Subscribed feeds, largest first. */
  feeds: { id: string; size: number }[];
  /** Folders holding at least one subscription. */
  folders: string[];
};

/** What the web client's list screen asks the count of a search, All or the Circle to stop at (web/src/features/articles/listSearch.ts). */
const COUNT_UP_TO = 1000;

/** A list's count as its screen asks for it: a search, All and the Circle up to COUNT_UP_TO, the others whole. */
export function screenCount(services: Services, query: ArticleQuery): Promise<number> {
  return countArticles(services, query, query.search !== null || query.filter === 'all' || query.filter === 'circle' ? COUNT_UP_TO : null);
}

type Shape = { name: string; input: (user: UserInfo) => Record<string, unknown> | null };

export type MeasureOptions = {
  samples: number;
  /** Seconds one shape may take (cursor preparation included) before it stops short of `samples`. */
  budgetSeconds: number;
  warmup: number;
  markRepeats: number;
  progress: (line: string) => void;
  /** Users the cases above leave out (the rule users, measured by rulesMeasure.ts), so they measure what they did before. */
  excludeUserIds?: ReadonlySet<string>;
  /** Only the list shapes whose name holds this text (all when unset). */
  shapes?: string;
};

/** The users a case may draw (all but `excludeUserIds`). */
export async function drawableUsers(services: Services, options: MeasureOptions): Promise<UserInfo[]> {
  return (await loadUsers(services)).filter((u) => !options.excludeUserIds?.has(u.viewer.id));
}

export async function loadUsers(services: Services): Promise<UserInfo[]> {
  const users = await services.db.$queryRaw<{ id: string; username: string }[]>`SELECT id, username::text FROM "User" ORDER BY username`;
  const subscriptions = await services.db.$queryRaw<{ userId: string; feedId: string; folderId: string | null; size: number }[]>`
    SELECT s."userId", s."feedId", s."folderId", coalesce(f.size, 0)::int AS size
    FROM "Subscription" s LEFT JOIN (SELECT "feedId", count(*) AS size FROM "Article" GROUP BY "feedId") f ON f."feedId" = s."feedId"`;
  const byUser = new Map(
    users.map((u) => [
      u.id,
      {
        viewer: { id: u.id, username: u.username, role: 'user' as const, credential: { kind: 'session' as const, id: 'bench' } },
        feeds: [] as { id: string; size: number }[],
        folders: new Set<string>(),
      },
    ]),
  );
  for (const s of subscriptions) {
    const user = byUser.get(s.userId)!;
    user.feeds.push({ id: s.feedId, size: s.size });
    if (s.folderId) user.folders.add(s.folderId);
  }
  return [...byUser.values()].map((u) => ({ ...u, feeds: u.feeds.sort((a, b) => b.size - a.size), folders: [...u.folders] }));
}

function shapes(marker: Marker, pick: () => number): Shape[] {
  const scopes: [string, (u: UserInfo) => Record<string, unknown> | null][] = [
    ['everything', () => ({})],
    ['largest feed', (u) => (u.feeds[0] ? { feedId: u.feeds[0].id } : null)],
    ['random feed', (u) => (u.feeds.length ? { feedId: u.feeds[Math.floor(pick() * u.feeds.length)]!.id } : null)],
    ['random folder', (u) => (u.folders.length ? { folderId: u.folders[Math.floor(pick() * u.folders.length)]! } : null)],
  ];
  const list: Shape[] = [];
  for (const filter of ['unread', 'all'] as const) {
    for (const [scope, input] of scopes) list.push({ name: `${filter} · ${scope}`, input: (u) => wrap(input(u), { filter }) });
  }
  for (const filter of ['liked', 'starred'] as const) {
    list.push({ name: `${filter} · everything`, input: () => ({ filter }) });
    // The list screen offers Starred in a folder; the API takes a folder for Liked too.
    const folder = scopes.find(([scope]) => scope === 'random folder')![1];
    list.push({ name: `${filter} · random folder`, input: (u) => wrap(folder(u), { filter }) });
  }
  const words = marker.searchWords;
  for (const [label, search] of [
    ['common', words.common],
    ['mid', words.mid],
    ['rare', words.rare],
    ['two words', words.twoWords],
  ] as const) {
    for (const filter of ['all', 'unread'] as const) {
      list.push({ name: `search ${label} "${search}" · ${filter}`, input: () => ({ filter, search }) });
    }
  }
  return list;
}

function wrap(scope: Record<string, unknown> | null, rest: Record<string, unknown>) {
  return scope === null ? null : { ...scope, ...rest };
}

/** The first `rows` positions of the list, newest first (no content, no views): where deep pages start. */
export async function positions(services: Services, query: ArticleQuery, rows: number): Promise<{ id: string; publishedAt: Date }[]> {
  return services.db.$queryRaw<{ id: string; publishedAt: Date }[]>`
    SELECT id, "publishedAt" FROM (${articleRowsSql({ ...query, after: null }, rows)}) rows ORDER BY "publishedAt" DESC, id DESC`;
}

/** The position of the row at `depth` (1-based) of the list, for a cursor. */
async function positionAt(services: Services, query: ArticleQuery, depth: number): Promise<string | null> {
  const rows = await services.db.$queryRaw<{ id: string; publishedAt: Date }[]>`
    SELECT id, "publishedAt" FROM (${articleRowsSql({ ...query, after: null }, depth)}) rows ORDER BY "publishedAt", id LIMIT 1`;
  return rows.length && depth > 0 ? encodeKeyset({ time: rows[0]!.publishedAt, id: rows[0]!.id }) : null;
}

export const spent = (result: CaseResult) => result.samples.reduce((sum, sample) => sum + sample.ms, 0);

export async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

export async function measureLists(services: Services, marker: Marker, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(20261122);
  const users = await drawableUsers(services, options);
  const randomUser = () => users[Math.floor(pick() * users.length)]!;
  const results: CaseResult[] = [];

  const drawInput = (shape: Shape) => {
    for (;;) {
      const user = randomUser();
      const input = shape.input(user);
      if (input) return { user, input };
    }
  };
  const page = async (user: UserInfo, input: Record<string, unknown>, first: number, after?: string) =>
    timed(async () => {
      const query = await articleQuery(services, user.viewer, { ...input, first, after });
      const result = await listArticles(services, query);
      return { query, rows: result.articles.length };
    });

  for (const shape of shapes(marker, pick).filter((s) => !options.shapes || s.name.includes(options.shapes))) {
    for (let i = 0; i < options.warmup; i++) {
      const { user, input } = drawInput(shape);
      await page(user, input, 100);
      await screenCount(services, await articleQuery(services, user.viewer, input));
    }
    const cases = {
      first100: { name: `${shape.name} · first 100`, kind: 'list', samples: [] } as CaseResult,
      first30: { name: `${shape.name} · first 30`, kind: 'list', samples: [] } as CaseResult,
      deep: { name: `${shape.name} · after row 2,000`, kind: 'list', samples: [] } as CaseResult,
      lastThird: { name: `${shape.name} · last third`, kind: 'list', samples: [] } as CaseResult,
      count: { name: `${shape.name} · count`, kind: 'count', samples: [] } as CaseResult,
    };
    const started = performance.now();
    for (let i = 0; i < options.samples && (performance.now() - started) / 1000 < options.budgetSeconds; i++) {
      for (const [variant, first] of [
        [cases.first100, 100],
        [cases.first30, 30],
      ] as const) {
        const { user, input } = drawInput(shape);
        const [ms, { query, rows }] = await page(user, input, first);
        variant.samples.push({ ms, rows, query, input, viewer: user.viewer });
      }
      // Counts get at most a third of the shape's time. A search and All are counted as the list screen asks, up to
      // COUNT_UP_TO (whole, a common word's count takes seconds, All of everything a third of one).
      if (spent(cases.count) < (options.budgetSeconds * 1000) / 3) {
        const { user, input } = drawInput(shape);
        const query = await articleQuery(services, user.viewer, input);
        const [ms, count] = await timed(() => screenCount(services, query));
        cases.count.samples.push({ ms, rows: count, query, input, viewer: user.viewer });
      }
      // Deep pages: the page after row 2,000 (or two thirds down a shorter list) …
      {
        const { user, input } = drawInput(shape);
        const full = await articleQuery(services, user.viewer, input);
        const head = await positions(services, full, 3000);
        const depth = head.length >= 3000 ? 2000 : head.length > 300 ? Math.floor((head.length * 2) / 3) : 0;
        if (depth > 0) {
          const position = head[depth - 1]!;
          const after = encodeKeyset({ time: position.publishedAt, id: position.id });
          const [ms, { query, rows }] = await page(user, input, 100, after);
          cases.deep.samples.push({ ms, rows, query, input: { ...input, after }, viewer: user.viewer });
        }
      }
      // … and two thirds down a long list (over 6,000 rows), whose cursor is costly to find: every fourth round.
      if (i % 4 === 0 && spent(cases.count) < (options.budgetSeconds * 1000) / 3) {
        const { user, input } = drawInput(shape);
        const full = await articleQuery(services, user.viewer, input);
        const count = await countArticles(services, full);
        const after = count > 6000 ? await positionAt(services, full, Math.floor((count * 2) / 3)) : null;
        if (after) {
          const [ms, { query, rows }] = await page(user, input, 100, after);
          cases.lastThird.samples.push({ ms, rows, query, input: { ...input, after }, viewer: user.viewer });
        }
      }
    }
    for (const result of Object.values(cases)) if (result.samples.length) results.push(result);
    options.progress(`  ${shape.name}: ${cases.first100.samples.length} samples, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  return results;
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back afterwards, so the rows stay for the next run; answers its time and result. */
export async function inRolledBackTransaction<T>(services: Services, work: (services: Services) => Promise<T>): Promise<[number, T]> {
  let outcome: [number, T] | undefined;
  try {
    await services.db.$transaction(
      async (tx) => {
        outcome = await timed(() => work({ ...services, db: tx as unknown as PrismaClient }));
        throw new Rollback();
      },
      { timeout: 300_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return outcome!;
}

export async function measureMarkAllRead(services: Services, marker: Marker, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(7);
  const users = await drawableUsers(services, options);
  const main = users.filter((u) => marker.mainUserIds.includes(u.viewer.id));
  const ordinary = users.filter((u) => !marker.mainUserIds.includes(u.viewer.id));
  const cases: [string, () => UserInfo, Record<string, unknown>][] = [
    ['mark all read · the large feed (main user)', () => main[Math.floor(pick() * main.length)]!, { feedId: marker.largeFeedId }],
    ['mark all read · everything (main user)', () => main[Math.floor(pick() * main.length)]!, {}],
    ['mark all read · everything (random user)', () => ordinary[Math.floor(pick() * ordinary.length)]!, {}],
  ];
  const results: CaseResult[] = [];
  for (const [name, user, input] of cases) {
    const result: CaseResult = { name, kind: 'mark', samples: [] };
    for (let i = 0; i < options.markRepeats; i++) {
      const { viewer } = user();
      const [ms, { markedCount: rows }] = await inRolledBackTransaction(services, (tx) => markAllArticlesRead(tx, viewer, input));
      result.samples.push({ ms, rows, input, viewer });
    }
    results.push(result);
    options.progress(`  ${name}: ${result.samples.map((s) => `${s.ms.toFixed(0)} ms/${s.rows}`).join(', ')}`);
  }
  return results;
}

/**
 * The sidebar's unread counts (unreadCountsByFeed over every subscription, unreadCountsByFolder over every folder)
 * for the main users (about 100 feeds and 100,000 unread rows: the large feed all unread) and for random users.
 * `rows` is the user's total unread count.
 */
export async function measureUnreadCounts(services: Services, marker: Marker, options: MeasureOptions): Promise<CaseResult[]> {
  const pick = random(15);
  const users = await drawableUsers(services, options);
  const main = users.filter((u) => marker.mainUserIds.includes(u.viewer.id));
  const ordinary = users.filter((u) => !marker.mainUserIds.includes(u.viewer.id));
  const folders = async (user: UserInfo) =>
    (await services.db.folder.findMany({ where: { userId: user.viewer.id }, select: { id: true } })).map((f) => f.id);
  const results: CaseResult[] = [];
  for (const [who, from] of [
    ['main user', main],
    ['random user', ordinary],
  ] as const) {
    const byFeed: CaseResult = { name: `unread counts by feed · ${who}`, kind: 'sidebar', samples: [] };
    const byFolder: CaseResult = { name: `unread counts by folder · ${who}`, kind: 'sidebar', samples: [] };
    for (let i = 0; i < options.warmup + options.samples; i++) {
      const user = from[Math.floor(pick() * from.length)]!;
      const feedIds = user.feeds.map((feed) => feed.id);
      const [feedMs, counts] = await timed(() => unreadCountsByFeed(services, user.viewer, feedIds));
      const folderIds = await folders(user);
      const [folderMs] = await timed(() => unreadCountsByFolder(services, user.viewer, folderIds));
      if (i < options.warmup) continue;
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      byFeed.samples.push({ ms: feedMs, rows: total, viewer: user.viewer, ids: feedIds });
      byFolder.samples.push({ ms: folderMs, rows: total, viewer: user.viewer, ids: folderIds });
    }
    results.push(byFeed, byFolder);
    options.progress(`  unread counts · ${who}: ${byFeed.samples.length} samples`);
  }
  return results;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function summarize(result: CaseResult) {
  const times = result.samples.map((s) => s.ms).sort((a, b) => a - b);
  const rows = result.samples.map((s) => s.rows).sort((a, b) => a - b);
  return {
    n: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1)!,
    rows: percentile(rows, 50),
    rowsMax: rows.at(-1)!,
  };
}
