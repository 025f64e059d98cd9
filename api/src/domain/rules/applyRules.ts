import { Prisma } from '../../generated/prisma/client.ts';
import {
  compileRule,
  CONTENT_MATCH_MAX,
  coversFeed,
  readsContent,
  verdictOf,
  type CompiledRule,
  type RuleArticle,
  type RuleDefinition,
  type RuleVerdict,
} from './ruleMatch.ts';

// Rules act on stored rows: HiddenArticle for what they hide (each list leaves those out), and the reader's own
// unread, read and starred rows for what they mark. They are applied when a rule is saved or deleted (re-applied to
// every stored article of the feeds its scope covers, before and after), when a subscription starts or moves to
// another folder, and to each new article as it is stored (storeArticles.ts). A hidden article is not unread; it is
// unread again when no rule hides it any longer, unless it was read meanwhile (articleState.ts keeps `wasUnread`).

type Db = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

export type RuleOutcome = { userId: string; articleId: string } & RuleVerdict;

/** A rule row as the database answers it (enums as text). */
export type RuleRow = Omit<RuleDefinition, 'fields' | 'action'> & { fields: string[]; action: string };

/** The stored rules compiled; a rule its pattern no longer compiles for (a stricter parser) is left out. */
export function compileStoredRules(rows: readonly RuleRow[]): CompiledRule[] {
  return rows.flatMap((row) => {
    try {
      return [compileRule(row as RuleDefinition)];
    } catch {
      return [];
    }
  });
}

/**
 * Writes what rules decided, in one statement for every reader and article: hidden rows (taking the article out of the
 * unread list, remembering whether it was unread), read marks and stars. Answers the (reader, feed) pairs whose
 * unread counts moved.
 */
export async function writeOutcomes(db: Db, outcomes: readonly RuleOutcome[]): Promise<{ userId: string; feedId: string }[]> {
  const acted = outcomes.filter((outcome) => outcome.hide || outcome.markRead || outcome.star);
  if (acted.length === 0) return [];
  const column = <T>(pick: (outcome: RuleOutcome) => T) => acted.map(pick);
  return db.$queryRaw<{ userId: string; feedId: string }[]>`
    WITH input AS (
      SELECT i.*, a."feedId", a."publishedAt" FROM unnest(
        ${column((o) => o.userId)}::uuid[], ${column((o) => o.articleId)}::uuid[],
        ${column((o) => o.hide)}::boolean[], ${column((o) => o.markRead)}::boolean[], ${column((o) => o.star)}::boolean[]
      ) AS i ("userId", "articleId", hide, "markRead", star) JOIN "Article" a ON a.id = i."articleId"
    ), hidden AS (
      INSERT INTO "HiddenArticle" ("userId", "articleId", "feedId", "publishedAt", "wasUnread")
      SELECT i."userId", i."articleId", i."feedId", i."publishedAt",
        NOT i."markRead" AND EXISTS (SELECT 1 FROM "UnreadArticle" u WHERE u."userId" = i."userId" AND u."articleId" = i."articleId")
      FROM input i WHERE i.hide
      ON CONFLICT DO NOTHING RETURNING 1
    ), starred AS (
      INSERT INTO "StarredArticle" ("userId", "articleId", "feedId", "publishedAt")
      SELECT "userId", "articleId", "feedId", "publishedAt" FROM input WHERE star
      ON CONFLICT DO NOTHING RETURNING 1
    ), recorded AS (
      INSERT INTO "ArticleRead" ("userId", "articleId") SELECT "userId", "articleId" FROM input WHERE "markRead"
      ON CONFLICT DO NOTHING RETURNING 1
    ), removed AS (
      DELETE FROM "UnreadArticle" u USING input i
      WHERE u."userId" = i."userId" AND u."articleId" = i."articleId" AND (i.hide OR i."markRead")
      RETURNING u."userId", u."feedId"
    )
    SELECT DISTINCT "userId"::text AS "userId", "feedId"::text AS "feedId" FROM removed`;
}

/**
 * Shows articles to the reader again (those of `which`: ids, or every hidden article of some feeds, or of all): their
 * hidden rows go, and those that were unread when hidden are unread again. Answers the feeds whose counts moved.
 */
async function unhide(
  db: Db,
  userId: string,
  which: { articleIds: readonly string[] } | { feedIds: readonly string[] | null },
): Promise<string[]> {
  if ('articleIds' in which && which.articleIds.length === 0) return [];
  const condition =
    'articleIds' in which
      ? Prisma.sql`AND "articleId" = ANY(${[...which.articleIds]}::uuid[])`
      : which.feedIds === null
        ? Prisma.empty
        : Prisma.sql`AND "feedId" = ANY(${[...which.feedIds]}::uuid[])`;
  const rows = await db.$queryRaw<{ feedId: string }[]>`
    WITH shown AS (
      DELETE FROM "HiddenArticle" WHERE "userId" = ${userId}::uuid ${condition}
      RETURNING "userId", "articleId", "feedId", "publishedAt", "wasUnread"
    )
    INSERT INTO "UnreadArticle" ("userId", "articleId", "feedId", "publishedAt")
    SELECT s."userId", s."articleId", s."feedId", s."publishedAt" FROM shown s
    WHERE s."wasUnread" AND EXISTS (SELECT 1 FROM "Subscription" x WHERE x."userId" = s."userId" AND x."feedId" = s."feedId")
    ON CONFLICT DO NOTHING RETURNING "feedId"::text`;
  return [...new Set(rows.map((row) => row.feedId))];
}

/** The reader's rules, oldest first (as the rules list shows them). */
export function readerRules(db: Db, userId: string): Promise<RuleRow[]> {
  return db.$queryRaw<RuleRow[]>`
    SELECT id::text, pattern, "isRegex", fields::text[] AS fields, action::text AS action, "feedId"::text, "folderId"::text
    FROM "FilterRule" WHERE "userId" = ${userId}::uuid ORDER BY "createdAt", id`;
}

/** The article's content column (`alias`.content) for rules that read it, else NULL: content is the longest column. */
export function contentColumn(rules: readonly RuleDefinition[], alias: string): Prisma.Sql {
  return readsContent(rules) ? Prisma.sql`left(${Prisma.raw(alias)}.content, ${CONTENT_MATCH_MAX}::int)` : Prisma.sql`NULL::text`;
}

type ReaderFeed = { feedId: string; folderId: string | null; feedTitles: string };

/** How many articles of a feed are read per statement while rules are re-applied. */
const REAPPLY_BATCH = 2000;

/**
 * Re-applies the reader's rules to every stored article of these feeds of theirs (all their feeds when `feedIds` is
 * null): hides what the rules hide now and shows again what they no longer hide; `acting` (a rule just saved that
 * marks read or stars) also acts on what it matches. Run it in the transaction of the change; answers the feeds
 * whose unread counts moved.
 */
export async function reapplyRules(
  db: Db,
  userId: string,
  feedIds: readonly string[] | null,
  acting: readonly CompiledRule[] = [],
): Promise<string[]> {
  const hiding = compileStoredRules(await readerRules(db, userId)).filter((rule) => rule.action === 'hide' || rule.action === 'keepOnly');
  // The common case, a reader without rules that hide: nothing to read, only what may have been hidden to show.
  if (hiding.length === 0 && acting.length === 0) return unhide(db, userId, { feedIds });
  const feeds = await db.$queryRaw<ReaderFeed[]>`
    SELECT s."feedId"::text, s."folderId"::text, concat_ws(' ', s.title, f.title) AS "feedTitles"
    FROM "Subscription" s JOIN "Feed" f ON f.id = s."feedId"
    WHERE s."userId" = ${userId}::uuid ${feedIds === null ? Prisma.empty : Prisma.sql`AND s."feedId" = ANY(${[...feedIds]}::uuid[])`}`;
  const hiddenBefore = await db.$queryRaw<{ articleId: string }[]>`
    SELECT "articleId"::text FROM "HiddenArticle" WHERE "userId" = ${userId}::uuid
    ${feedIds === null ? Prisma.empty : Prisma.sql`AND "feedId" = ANY(${[...feedIds]}::uuid[])`}`;
  const wasHidden = new Set(hiddenBefore.map((row) => row.articleId));
  const stillHidden = new Set<string>();
  const outcomes: RuleOutcome[] = [];
  for (const feed of feeds) {
    const rules = [...hiding, ...acting].filter((rule) => coversFeed(rule, feed.feedId, feed.folderId));
    if (rules.length === 0) continue;
    for await (const article of feedArticles(db, feed, rules)) {
      const verdict = verdictOf(rules, article);
      if (verdict.hide) stillHidden.add(article.id);
      const hide = verdict.hide && !wasHidden.has(article.id);
      if (hide || verdict.markRead || verdict.star) outcomes.push({ userId, articleId: article.id, ...verdict, hide });
    }
  }
  const shown = [...wasHidden].filter((id) => !stillHidden.has(id));
  const moved = await writeOutcomes(db, outcomes);
  return [...new Set([...moved.map((row) => row.feedId), ...(await unhide(db, userId, { articleIds: shown }))])];
}

async function* feedArticles(db: Db, feed: ReaderFeed, rules: readonly RuleDefinition[]): AsyncGenerator<RuleArticle & { id: string }> {
  let after: { publishedAt: Date; id: string } | null = null;
  for (;;) {
    const rows: { id: string; publishedAt: Date; title: string; author: string | null; url: string | null; content: string | null }[] =
      await db.$queryRaw`
        SELECT a.id::text, a."publishedAt", a.title, a.author, a.url, ${contentColumn(rules, 'a')} AS content
        FROM "Article" a WHERE "feedId" = ${feed.feedId}::uuid
        ${after ? Prisma.sql`AND ("publishedAt", id) < (${after.publishedAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
        ORDER BY "publishedAt" DESC, id DESC LIMIT ${REAPPLY_BATCH}`;
    for (const row of rows) yield { ...row, feedTitles: feed.feedTitles };
    if (rows.length < REAPPLY_BATCH) return;
    const last = rows.at(-1)!;
    after = { publishedAt: last.publishedAt, id: last.id };
  }
}

/** A new article of a feed as storing it knows it. */
export type ArrivingArticle = { id: string; title: string; content: string; author: string | null; url: string | null };

/** A rule of a subscriber of the feed being stored, with that subscriber's folder and titles for it (storeArticles.ts). */
export type ArrivalRuleRow = RuleRow & { userId: string; subscriptionFolderId: string | null; feedTitles: string };

/**
 * The rules of the feed's subscribers that cover it, as a subquery of JSON rows (ArrivalRuleRow), to run in the
 * statement that stores new articles (`stored` names them): nothing is read when none was stored.
 */
export function arrivalRulesSql(feedId: string, stored: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT coalesce(json_agg(r), '[]'::json) FROM (
      SELECT r.id, r."userId", r.pattern, r."isRegex", r.fields::text[] AS fields, r.action::text AS action, r."feedId", r."folderId",
        s."folderId" AS "subscriptionFolderId", concat_ws(' ', s.title, f.title) AS "feedTitles"
      FROM "Subscription" s JOIN "FilterRule" r ON r."userId" = s."userId" JOIN "Feed" f ON f.id = s."feedId"
      WHERE s."feedId" = ${feedId}::uuid AND EXISTS (SELECT 1 FROM ${stored})
        AND (r."feedId" = s."feedId" OR r."folderId" = s."folderId" OR (r."feedId" IS NULL AND r."folderId" IS NULL))
    ) r`;
}

/**
 * Applies the subscribers' rules to the articles just stored in their feed (one statement when any acts). Answers the
 * readers whose unread counts moved.
 */
export async function applyRulesToArrivals(db: Db, feedId: string, articles: readonly ArrivingArticle[], rules: readonly ArrivalRuleRow[]) {
  if (articles.length === 0 || rules.length === 0) return [];
  const byReader = new Map<string, ArrivalRuleRow[]>();
  for (const rule of rules) byReader.set(rule.userId, [...(byReader.get(rule.userId) ?? []), rule]);
  const outcomes: RuleOutcome[] = [];
  for (const [userId, rows] of byReader) {
    const compiled = compileStoredRules(rows).filter((rule) => coversFeed(rule, feedId, rows[0]!.subscriptionFolderId));
    for (const article of articles) {
      outcomes.push({ userId, articleId: article.id, ...verdictOf(compiled, { ...article, feedTitles: rows[0]!.feedTitles }) });
    }
  }
  return writeOutcomes(db, outcomes);
}

/**
 * Applies the reader's rules to the stored articles of a feed they just subscribed to (nothing of it is hidden yet:
 * leaving a feed forgets its hidden rows). One statement for a reader without rules.
 */
export async function applyRulesToNewSubscription(db: Db, userId: string, feedId: string): Promise<void> {
  const rules = await readerRules(db, userId);
  if (rules.some((rule) => rule.feedId === null || rule.feedId === feedId)) await reapplyRules(db, userId, [feedId]);
}
