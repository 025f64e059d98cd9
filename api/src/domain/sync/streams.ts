import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { notHidden } from '../articles/articleListSql.ts';
import { isStorableDate } from '../core/fields.ts';
import { decodeKeyset, encodeKeyset, type KeysetPosition } from '../core/keyset.ts';
import type { Services, Viewer } from '../core/services.ts';
import { subscriptionOfFeed } from './syncSubscriptions.ts';

// A stream of the sync APIs (Google Reader's stream/contents and stream/items/ids): the articles of a source, with
// optional conditions on their read and starred state and their dates, newest or oldest first, paged by keyset
// like the article lists (articleListSql.ts), and each shape read along an index so its cost does not grow
// with depth: the unread ones along UnreadArticle's ranges, all of a feed or folder one short range per feed
// merged, starred and liked along their tables' ranges.
// As the web's lists: what the viewer's filter rules hide (HiddenArticle) is never unread and is left out of the
// reading list, the read state, a folder and a feed, by a primary-key probe per row; starred, liked and the viewer's
// own shares keep it. A muted subscription is left out of the reading list, the read state and its folder, but its
// own feed/ stream answers.

/** Most numbers one page of ids holds (clients ask for up to 10 000 unread or starred ids at once). */
export const STREAM_IDS_MAX = 10_000;
/** Most articles one page of contents holds. */
export const STREAM_CONTENTS_MAX = 1_000;

const SOURCES = ['reading-list', 'starred', 'liked', 'read', 'broadcast', 'highlighted'] as const;

/**
 * The label reader apps see the viewer's highlighted articles under (Google Reader's labels are folders and tags); a
 * folder of that name, if the viewer has one, keeps the name.
 */
export const HIGHLIGHTS_LABEL = 'Highlights';

const optionalDate = z
  .date()
  .nullish()
  .refine((date) => !date || isStorableDate(date), 'Dates must be within years 1 to 9999')
  .transform((date) => date ?? null);

const streamInput = z.object({
  source: z.union([
    z.object({ kind: z.enum(SOURCES, { error: 'Unknown stream' }) }),
    // A feed by its number or its address, a folder by its name.
    z.object({ kind: z.literal('feed'), feed: z.string({ error: 'Unknown stream' }) }),
    z.object({ kind: z.literal('folder'), name: z.string({ error: 'Unknown stream' }) }),
  ]),
  /** true: read ones only; false: unread ones only; null: both. */
  read: z
    .boolean()
    .nullish()
    .transform((read) => read ?? null),
  starred: z
    .boolean()
    .nullish()
    .transform((starred) => starred ?? null),
  oldestFirst: z
    .boolean()
    .nullish()
    .transform((oldestFirst) => oldestFirst ?? false),
  /** Published at or after this instant. */
  newerThan: optionalDate,
  /** Published before this instant. */
  olderThan: optionalDate,
  continuation: z
    .string({ error: 'Invalid continuation' })
    .nullish()
    .transform((continuation) => continuation || null),
  count: z.number({ error: 'n must be a number' }).int('n must be a whole number').min(1, 'n must be at least 1'),
});

type Source = { kind: (typeof SOURCES)[number] } | { kind: 'feed'; feedId: string } | { kind: 'folder'; folderId: string };

type StreamQuery = Omit<z.output<typeof streamInput>, 'source' | 'continuation'> & {
  viewerId: string;
  source: Source;
  after: KeysetPosition | null;
};

export type StreamPage = { articles: { id: string; syncId: bigint; publishedAt: Date }[]; continuation: string | null };

/** One page of a stream's articles (at most `max` of them, whatever `count` asks), and the continuation of the next. */
export async function streamArticles(services: Services, viewer: Viewer, input: unknown, max: number): Promise<StreamPage> {
  const parsed = parseInput(streamInput, input);
  const query: StreamQuery = {
    ...parsed,
    viewerId: viewer.id,
    count: Math.min(parsed.count, max),
    source: await resolveSource(services, viewer, parsed.source),
    after: parsed.continuation ? decodeKeyset(parsed.continuation) : null,
  };
  const rows = await services.db.$queryRaw<{ id: string; syncId: bigint; publishedAt: Date }[]>`
    SELECT x.id, a."syncId", x."publishedAt" FROM (${streamRowsSql(query, query.count + 1)}) x JOIN "Article" a ON a.id = x.id
    ${orderAndLimit(query, 'x."publishedAt"', 'x.id', null)}`;
  const articles = rows.slice(0, query.count);
  const last = articles.at(-1);
  return {
    articles,
    continuation: rows.length > query.count && last ? encodeKeyset({ time: last.publishedAt, id: last.id }) : null,
  };
}

async function resolveSource(services: Services, viewer: Viewer, source: z.output<typeof streamInput>['source']): Promise<Source> {
  if (source.kind === 'feed') return { kind: 'feed', feedId: (await subscriptionOfFeed(services, viewer, source.feed)).feedId };
  if (source.kind === 'folder') {
    const folder = await services.db.folder.findFirst({ where: { userId: viewer.id, name: source.name }, select: { id: true } });
    if (folder) return { kind: 'folder', folderId: folder.id };
    if (source.name === HIGHLIGHTS_LABEL) return { kind: 'highlighted' };
    throw new NotFoundError('Folder not found');
  }
  return source;
}

const raw = Prisma.raw;

function orderAndLimit(query: StreamQuery, publishedAt: string, id: string, limit: number | null): Prisma.Sql {
  const direction = raw(query.oldestFirst ? 'ASC' : 'DESC');
  return Prisma.sql`ORDER BY ${raw(publishedAt)} ${direction}, ${raw(id)} ${direction} ${limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
}

/** The keyset and date conditions on these columns, each prefixed with AND. */
function position(query: StreamQuery, publishedAt: string, id: string): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (query.after) {
    const past = raw(query.oldestFirst ? '>' : '<');
    conditions.push(Prisma.sql`(${raw(publishedAt)}, ${raw(id)}) ${past} (${query.after.time}::timestamptz, ${query.after.id}::uuid)`);
  }
  if (query.newerThan) conditions.push(Prisma.sql`${raw(publishedAt)} >= ${query.newerThan}::timestamptz`);
  if (query.olderThan) conditions.push(Prisma.sql`${raw(publishedAt)} < ${query.olderThan}::timestamptz`);
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/** The read and starred conditions on `articleColumn`, each prefixed with AND; `readKnown` when the source already settles read. */
function stateConditions(query: StreamQuery, articleColumn: string, readKnown: boolean): Prisma.Sql {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const conditions: Prisma.Sql[] = [];
  const read = query.source.kind === 'read' ? true : query.read;
  if (read !== null && !readKnown) {
    conditions.push(
      Prisma.sql`${raw(read ? 'NOT' : '')} EXISTS (SELECT 1 FROM "UnreadArticle" u WHERE u."userId" = ${viewer} AND u."articleId" = ${raw(articleColumn)})`,
    );
  }
  if (query.starred !== null && query.source.kind !== 'starred') {
    conditions.push(
      Prisma.sql`${raw(query.starred ? '' : 'NOT')} EXISTS (SELECT 1 FROM "StarredArticle" st WHERE st."userId" = ${viewer} AND st."articleId" = ${raw(articleColumn)})`,
    );
  }
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
}

/** The feeds of the viewer's subscriptions in the source's scope, as a subquery of "feedId" (a muted one only as a feed's own). */
function scopeFeeds(query: StreamQuery): Prisma.Sql {
  const { source } = query;
  const scope =
    source.kind === 'feed'
      ? Prisma.sql`AND "feedId" = ${source.feedId}::uuid`
      : source.kind === 'folder'
        ? Prisma.sql`AND "folderId" = ${source.folderId}::uuid AND NOT muted`
        : Prisma.sql`AND NOT muted`;
  return Prisma.sql`SELECT "feedId" FROM "Subscription" WHERE "userId" = ${query.viewerId}::uuid ${scope}`;
}

/** The (id, "publishedAt") rows of one page of the stream, ordered. */
function streamRowsSql(query: StreamQuery, limit: number): Prisma.Sql {
  const viewer = Prisma.sql`${query.viewerId}::uuid`;
  const { kind } = query.source;
  if (kind === 'starred' || kind === 'liked') {
    const table = raw(kind === 'starred' ? '"StarredArticle"' : '"LikedArticle"');
    return Prisma.sql`
      SELECT l."articleId" AS id, l."publishedAt" FROM ${table} l
      WHERE l."userId" = ${viewer} ${stateConditions(query, 'l."articleId"', false)} ${position(query, 'l."publishedAt"', 'l."articleId"')}
      ${orderAndLimit(query, 'l."publishedAt"', 'l."articleId"', limit)}`;
  }
  if (kind === 'highlighted') {
    // The articles the viewer highlighted, each once, by Highlight's index of a reader's rows.
    return Prisma.sql`
      SELECT a.id, a."publishedAt" FROM "Article" a
      WHERE a.id IN (SELECT h."articleId" FROM "Highlight" h WHERE h."userId" = ${viewer}) ${stateConditions(query, 'a.id', false)}
      ${position(query, 'a."publishedAt"', 'a.id')} ${orderAndLimit(query, 'a."publishedAt"', 'a.id', limit)}`;
  }
  if (kind === 'broadcast') {
    // A user's shares are few: no range to walk, the join is sorted whole. Their plain shares (one per article) are
    // what reader apps call broadcast; quotes of highlights are the app's own (syncMarks.ts).
    return Prisma.sql`
      SELECT a.id, a."publishedAt" FROM "Share" sh JOIN "Article" a ON a.id = sh."articleId"
      WHERE sh."userId" = ${viewer} AND sh."highlightId" IS NULL ${stateConditions(query, 'a.id', false)} ${position(query, 'a."publishedAt"', 'a.id')}
      ${orderAndLimit(query, 'a."publishedAt"', 'a.id', limit)}`;
  }
  const unreadOnly = kind !== 'read' && query.read === false;
  const feedRows = unreadOnly
    ? Prisma.sql`
        SELECT u."articleId" AS id, u."publishedAt" FROM "UnreadArticle" u
        WHERE u."userId" = ${viewer} AND u."feedId" = s."feedId" ${stateConditions(query, 'u."articleId"', true)}
        ${position(query, 'u."publishedAt"', 'u."articleId"')} ${orderAndLimit(query, 'u."publishedAt"', 'u."articleId"', limit)}`
    : Prisma.sql`
        SELECT a.id, a."publishedAt" FROM "Article" a
        WHERE a."feedId" = s."feedId" ${stateConditions(query, 'a.id', false)} ${notHidden(viewer, 'a.id')}
        ${position(query, 'a."publishedAt"', 'a.id')} ${orderAndLimit(query, 'a."publishedAt"', 'a.id', limit)}`;
  if (unreadOnly && kind === 'reading-list') {
    // The whole unread list is one range of the viewer's rows (less their muted subscriptions').
    return Prisma.sql`
      SELECT u."articleId" AS id, u."publishedAt" FROM "UnreadArticle" u
      WHERE u."userId" = ${viewer} ${stateConditions(query, 'u."articleId"', true)} ${position(query, 'u."publishedAt"', 'u."articleId"')}
        AND u."feedId" NOT IN (SELECT "feedId" FROM "Subscription" WHERE "userId" = ${viewer} AND muted)
      ${orderAndLimit(query, 'u."publishedAt"', 'u."articleId"', limit)}`;
  }
  return Prisma.sql`
    SELECT x.id, x."publishedAt" FROM (${scopeFeeds(query)}) s CROSS JOIN LATERAL (${feedRows}) x
    ${orderAndLimit(query, 'x."publishedAt"', 'x.id', limit)}`;
}
