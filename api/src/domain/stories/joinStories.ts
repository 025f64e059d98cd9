import { type PrismaClient, queryRows } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { NormalisedArticle } from '../../ingest/normalise.ts';
import { plainText } from '../../ingest/sanitise.ts';
import { degenerateKeys } from './degenerateKeys.ts';
import { sameStory } from './sameStory.ts';
import { STORY_RULES, type StoryCandidate, type StoryKeys, storyKeys, type StoryRule } from './storyCandidate.ts';
import { STORY_WINDOW_MS } from './textKey.ts';
import { keepsTextKey } from './textKeyRetention.ts';

/** The most copies one story gathers: past it, a new copy stays its own story (a runaway match stays small). */
export const STORY_COPIES_MAX = 50;
/** How much of an article's text its key reads: the opening paragraphs. */
const STORY_TEXT_LENGTH = 1_500;
/** How many stored articles one new article is compared with, those sharing an address or GUID first. */
const CANDIDATES_MAX = 20;

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** A newly stored article with what story matching reads of it, and its keys as stored (storyKeyRowsSql). */
export type StoredCopy = { id: string; candidate: StoryCandidate; keys: StoryKeys };

/**
 * The story keys of an arriving article: without a text key when it is dated before the text keys kept
 * (textKeyRetention.ts), since none would be stored and the stored keys it could match by text are gone too.
 */
export function arrivalStoryKeys(candidate: StoryCandidate, now: number): StoryKeys {
  return storyKeys(candidate, { withText: keepsTextKey(candidate.publishedAt, now) });
}

/**
 * The StoryKey rows of articles being stored, as a statement to run inside the one that stores them: `stored` is
 * that statement's (id, guid) rows of the articles it inserted, and `keys` the keys of `articles` (arrivalStoryKeys), by position.
 */
export function storyKeyRowsSql(feedId: string, stored: Prisma.Sql, articles: NormalisedArticle[], keys: StoryKeys[]): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "StoryKey" ("articleId", "feedId", "publishedAt", address, guid, signature, bands, shingles)
    SELECT s.id, ${feedId}::uuid, s."publishedAt", k.address, k.guid, string_to_array(k.signature, ',')::int[], string_to_array(k.bands, ',')::int[], k.shingles
    FROM ${stored} s JOIN unnest(
      ${articles.map((article) => article.guid)}::text[], ${keys.map((key) => key.address)}::text[], ${keys.map((key) => key.guid)}::text[],
      ${keys.map((key) => key.text?.signature.join(',') ?? '')}::text[], ${keys.map((key) => key.text?.bands.join(',') ?? '')}::text[],
      ${keys.map((key) => key.text?.shingleCount ?? 0)}::int[]
    ) AS k ("articleGuid", address, guid, signature, bands, shingles) ON k."articleGuid" = s.guid
    RETURNING 1`;
}

/** What story matching reads of an article: as fetched, or as stored (without its feedburner:origLink nor isPermaLink). */
export type MatchedArticle = Pick<
  NormalisedArticle,
  'url' | 'guid' | 'guidIsPermaLink' | 'originalUrl' | 'title' | 'content' | 'excerpt' | 'publishedAt'
> &
  Partial<Pick<NormalisedArticle, 'contentText'>>;

/** What matching reads of an article as it is stored: its addresses, GUID, title and opening text. */
export function storyCandidateOf(feedId: string, article: MatchedArticle): StoryCandidate {
  const text = article.content ? (article.contentText ?? plainText(article.content.slice(0, STORY_TEXT_LENGTH * 4))) : article.excerpt;
  return {
    feedId,
    url: article.url,
    guid: article.guid,
    guidIsPermaLink: article.guidIsPermaLink,
    originalUrl: article.originalUrl,
    title: article.title,
    text: text.slice(0, STORY_TEXT_LENGTH),
    publishedAt: article.publishedAt,
  };
}

type KeyRow = {
  articleId: string;
  feedId: string;
  publishedAt: Date;
  address: string | null;
  guid: string | null;
  signature: number[];
  bands: number[];
  shingles: number;
  title: string;
  storyId: string | null;
  storyKept: boolean;
  copies: number;
  /** Whether another item of its feed has the same address, or GUID: then that key is no story's. */
  addressRepeats: boolean;
  guidRepeats: boolean;
  /** Which new article (its index in the batch) this stored one is a candidate for. */
  forIndex: number;
};

/**
 * Joins each of a feed's newly stored articles (their keys stored with them) to the story of a copy another feed
 * already has, when one matches (sameStory): the address and GUID rules first, then the opening text within the
 * window. A key that repeats across a feed's own items (a feed linking every item to its home page, or giving all
 * one GUID) is no story's key there, and the next rule decides. A copy that joins a story arrives read for those who have
 * read another copy of it. Statements: one to find the candidates of the whole batch, one per article that joins
 * a story. The background pass over stored articles (rematchStories) joins them the same way. Answers the ids of
 * the articles that joined a story.
 */
export async function joinStories(db: Db, feedId: string, copies: StoredCopy[]): Promise<string[]> {
  const joined: string[] = [];
  if (copies.length === 0) return joined;
  const keyed = copies;
  const rows = await candidateRows(db, feedId, keyed);
  const batchUnusable = degenerateKeys(copies.map((copy) => ({ ...copy.candidate, keys: copy.keys })));
  for (const [index, copy] of keyed.entries()) {
    const candidates = rows.filter((row) => row.forIndex === index);
    const keys = withoutRules(copy.keys, new Set([...batchUnusable, ...repeatedInFeed(copy.keys, feedId, candidates)]));
    const match = strongestMatch(
      { ...copy.candidate, keys },
      candidates.filter((row) => row.feedId !== feedId && !row.storyKept && row.copies < STORY_COPIES_MAX),
    );
    if (match && (await joinStory(db, copy.id, match))) joined.push(copy.id);
  }
  return joined;
}

/** The candidate that is the same story by the strongest rule (the same address before a similar text), if any. */
function strongestMatch(copy: StoryCandidate, candidates: KeyRow[]): KeyRow | undefined {
  let best: { row: KeyRow; strength: number } | undefined;
  for (const row of candidates) {
    const same = sameStory(copy, storedCandidate(row));
    const strength = same === null ? -1 : STORY_RULES.length - STORY_RULES.indexOf(same.rule);
    if (same !== null && (best === undefined || strength > best.strength)) best = { row, strength };
  }
  return best?.row;
}

/** The rules whose key the feed's stored items already carry: no story's key there. */
function repeatedInFeed(keys: StoryKeys, feedId: string, candidates: KeyRow[]): StoryRule[] {
  const own = candidates.filter((row) => row.feedId === feedId);
  return [
    ...(keys.address !== null && own.some((row) => row.address === keys.address) ? (['address'] as const) : []),
    ...(keys.guid !== null && own.some((row) => row.guid === keys.guid) ? (['guid'] as const) : []),
  ];
}

function withoutRules(keys: StoryKeys, unusable: ReadonlySet<StoryRule>): StoryKeys {
  return {
    address: unusable.has('address') ? null : keys.address,
    guid: unusable.has('guid') ? null : keys.guid,
    text: unusable.has('text') ? null : keys.text,
  };
}

/** A stored article as a candidate, without the keys its own feed repeats. */
function storedCandidate(row: KeyRow): StoryCandidate {
  return {
    feedId: row.feedId,
    url: null,
    guid: null,
    guidIsPermaLink: false,
    originalUrl: null,
    title: row.title,
    text: '',
    publishedAt: row.publishedAt,
    keys: {
      address: row.addressRepeats ? null : row.address,
      guid: row.guidRepeats ? null : row.guid,
      text: row.signature.length > 0 ? { signature: row.signature, bands: row.bands, shingleCount: row.shingles } : null,
    },
  };
}

type KeyedCopy = StoredCopy;

/**
 * The stored articles that may be copies of each new one: those of any feed sharing its address or GUID (either
 * way round, a permalink GUID being an address), and those of other feeds sharing a band of its text's signature
 * within the window. One statement for the batch, each article's probe an index lookup. When there are more than
 * CANDIDATES_MAX, those sharing an address or GUID come first, then those sharing the most bands (the likeliest
 * copies): unrelated texts within the window share a band too (docs/performance.md, "Story matching"). Each new
 * article's bands are read from its StoryKey row, stored before this, rather than sent again. Planned at every call
 * (0.7 ms, once per feed's batch): a plan made while StoryKey was empty scans it whole for each article, and on the
 * worker's connections, which plan once, a new instance's first fetches kept that plan as the table grew
 * (docs/benchmarks.md, "The story key's bands").
 */
function candidateRows(db: Db, feedId: string, keyed: KeyedCopy[]): Promise<KeyRow[]> {
  const windowSeconds = STORY_WINDOW_MS / 1000;
  return queryRows<KeyRow>(
    db,
    Prisma.sql`
    SELECT (n.ord - 1)::int AS "forIndex", k."articleId", k."feedId", k."publishedAt", k.address, k.guid, k.signature, k.bands, k.shingles,
      a.title, a."storyId", a."storyKept",
      CASE WHEN a."storyId" IS NULL THEN 1 ELSE (SELECT count(*) FROM "Article" x WHERE x."storyId" = a."storyId") END::int AS copies,
      EXISTS (SELECT 1 FROM "StoryKey" y WHERE y.address = k.address AND y."feedId" = k."feedId" AND y."articleId" <> k."articleId") AS "addressRepeats",
      EXISTS (SELECT 1 FROM "StoryKey" y WHERE y.guid = k.guid AND y."feedId" = k."feedId" AND y."articleId" <> k."articleId") AS "guidRepeats"
    FROM unnest(
      ${keyed.map((copy) => copy.id)}::uuid[], ${keyed.map((copy) => copy.keys.address)}::text[], ${keyed.map((copy) => copy.keys.guid)}::text[],
      ${keyed.map((copy) => copy.candidate.publishedAt.toISOString())}::timestamptz[]
    ) WITH ORDINALITY AS n (id, address, guid, "publishedAt", ord)
    JOIN "StoryKey" own ON own."articleId" = n.id
    CROSS JOIN LATERAL (
      SELECT * FROM "StoryKey" k
      WHERE k."articleId" <> n.id AND (k.address = n.address OR k.guid = n.guid OR k.address = n.guid OR k.guid = n.address
        OR (own.bands <> '{}' AND k.bands && own.bands AND k."feedId" <> ${feedId}::uuid
          AND k."publishedAt" BETWEEN n."publishedAt" - make_interval(secs => ${windowSeconds}) AND n."publishedAt" + make_interval(secs => ${windowSeconds})))
      ORDER BY (k.address = n.address OR k.guid = n.guid OR k.address = n.guid OR k.guid = n.address) IS TRUE DESC,
        cardinality(ARRAY(SELECT unnest(k.bands) INTERSECT SELECT unnest(own.bands))) DESC
      LIMIT ${Prisma.raw(String(CANDIDATES_MAX))}
    ) k
    JOIN "Article" a ON a.id = k."articleId"`,
    { planEachCall: true },
  );
}

/**
 * Joins the article to the story of `match` (making `match` the first copy of a new story when it was its own),
 * and marks it read for each subscriber who has read another copy (read it, or has it in a feed of theirs and not
 * unread): one statement. An article already in a story, or split off one, stays where it is; `match`'s story is
 * read as it is now, since a pass over stored articles may have joined it to a story since its row was read.
 *
 * The statement first locks both rows, in the order of their ids, and reads them as they are once locked: two feeds
 * storing copies of one story at once each join their new article to the other's, and would otherwise lock the two
 * rows in opposite orders (a deadlock), or, one after the other, each join its article to a story read before the
 * other's join (two stories, each made of the other's article).
 */
async function joinStory(db: Db, articleId: string, match: KeyRow): Promise<boolean> {
  const [outcome] = await db.$queryRaw<{ joined: boolean }[]>`
    WITH locked AS MATERIALIZED (
      SELECT id, "storyId", "storyKept" FROM "Article"
      WHERE id IN (${articleId}::uuid, ${match.articleId}::uuid) ORDER BY id FOR UPDATE
    ), joining AS (
      SELECT a.id, coalesce(m."storyId", m.id) AS "storyId"
      FROM locked a, locked m
      WHERE a.id = ${articleId}::uuid AND a."storyId" IS NULL AND NOT a."storyKept" AND m.id = ${match.articleId}::uuid
    ), first AS (
      UPDATE "Article" SET "storyId" = id
      WHERE id = ${match.articleId}::uuid AND "storyId" IS NULL AND EXISTS (SELECT 1 FROM joining) RETURNING id
    ), joined AS (
      UPDATE "Article" a SET "storyId" = j."storyId" FROM joining j WHERE a.id = j.id RETURNING a.id, a."storyId"
    ), marked AS (
      DELETE FROM "UnreadArticle" u
      USING joined j
      WHERE u."articleId" = j.id AND EXISTS (
        SELECT 1 FROM "Article" c
        WHERE (c."storyId" = j."storyId" OR c.id = j."storyId") AND c.id <> j.id
          AND (
            EXISTS (SELECT 1 FROM "ArticleRead" r WHERE r."userId" = u."userId" AND r."articleId" = c.id)
            OR (
              EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = u."userId" AND s."feedId" = c."feedId")
              AND NOT EXISTS (SELECT 1 FROM "UnreadArticle" v WHERE v."userId" = u."userId" AND v."articleId" = c.id)
            )
          )
      ) RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM joined) AS joined`;
  return outcome?.joined ?? false;
}
