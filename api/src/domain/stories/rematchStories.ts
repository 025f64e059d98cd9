import type { PrismaClient } from '../../db/prisma.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';
import { isFeedProxyAddress } from './canonicalAddress.ts';
import { joinStories, storyCandidateOf, type StoredCopy } from './joinStories.ts';
import { storyKeys, type StoryKeys } from './storyCandidate.ts';
import { STORY_REMATCH_DAYS, STORY_RULES_VERSION } from './storyRulesVersion.ts';

/** Articles per transaction of the pass: a retry after an interruption keeps the batches done. */
const REMATCH_BATCH = 100;
const REMATCH_BATCH_TIMEOUT_MS = 60_000;
const CONFIG_ID = 1;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

type StoredArticle = {
  id: string;
  feedId: string;
  url: string | null;
  guid: string;
  title: string;
  excerpt: string;
  content: string;
  publishedAt: Date;
  storyId: string | null;
  storyKept: boolean;
  /** Whether it has a StoryKey row, and that row's address and GUID key. */
  keyed: boolean;
  storedAddress: string | null;
  storedGuid: string | null;
};

type Cursor = { publishedAt: Date; id: string };
/** `last`: where the next batch starts, null after the last one. */
type BatchOutcome = { articles: number; joined: number; last: Cursor | null };

/** The rules version the recent articles were last matched with (0: never by a pass). */
export async function recordedStoryRulesVersion(db: Pick<PrismaClient, 'instanceConfig'>): Promise<number> {
  const config = await db.instanceConfig.findUnique({ where: { id: CONFIG_ID }, select: { storyRulesVersion: true } });
  return config?.storyRulesVersion ?? 0;
}

/**
 * Queues the pass when the recent articles were matched with other rules than these. Its job key keeps it to one
 * job however many workers start at once. With no recent article (a new instance) there is nothing to match again:
 * the version is recorded at once.
 */
export async function enqueueStoryRematchIfRulesChanged(services: Services): Promise<boolean> {
  if ((await recordedStoryRulesVersion(services.db)) === STORY_RULES_VERSION) return false;
  const recent = await services.db.article.findFirst({ where: { publishedAt: { gte: rematchSince() } }, select: { id: true } });
  if (!recent) {
    await recordStoryRulesVersion(services);
    return false;
  }
  await services.jobs.add(services.db, 'rematch_stories', {}, { jobKey: 'rematch_stories' });
  return true;
}

function recordStoryRulesVersion(services: Services) {
  return services.db.instanceConfig.update({ where: { id: CONFIG_ID }, data: { storyRulesVersion: STORY_RULES_VERSION } });
}

/** Where the pass starts: STORY_REMATCH_DAYS ago. */
function rematchSince(): Date {
  return new Date(Date.now() - STORY_REMATCH_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * The background pass after the matching rules changed: for the articles published in the last STORY_REMATCH_DAYS,
 * newest first, batch by batch (each its own transaction), computes their story keys again from what is stored
 * and joins each one that is its own story to a matching story as a newly stored article is joined (joinStories).
 * An article split off by an administrator, or already in a story, stays where it is; joining a story marks every
 * copy read for a reader who read one. Then records STORY_RULES_VERSION. Running it again changes nothing more, so
 * after an interruption it simply starts over.
 *
 * A stored article keeps its stored GUID key (whether its GUID was a permalink is not stored) and, when its link is
 * a FeedBurner redirect, its stored address (the feedburner:origLink it was read from is not stored either).
 */
export async function rematchStories(services: Services, signal?: AbortSignal): Promise<{ articles: number; joined: number }> {
  const since = rematchSince();
  let after: Cursor | null = null;
  let articles = 0;
  let joined = 0;
  for (;;) {
    signal?.throwIfAborted();
    const cursor: Cursor | null = after;
    const batch: BatchOutcome = await services.db.$transaction((tx) => rematchBatch(tx, since, cursor), {
      timeout: REMATCH_BATCH_TIMEOUT_MS,
    });
    articles += batch.articles;
    joined += batch.joined;
    if (batch.last === null) break;
    after = batch.last;
  }
  await recordStoryRulesVersion(services);
  return { articles, joined };
}

async function rematchBatch(tx: Tx, since: Date, after: Cursor | null): Promise<BatchOutcome> {
  const rows = await tx.$queryRaw<StoredArticle[]>`
    SELECT a.id, a."feedId", a.url, a.guid, a.title, a.excerpt, left(a.content, 6000) AS content, a."publishedAt",
      a."storyId", a."storyKept", k."articleId" IS NOT NULL AS keyed, k.address AS "storedAddress", k.guid AS "storedGuid"
    FROM "Article" a LEFT JOIN "StoryKey" k ON k."articleId" = a.id
    WHERE a."publishedAt" >= ${since}::timestamptz
      ${after === null ? Prisma.empty : Prisma.sql`AND (a."publishedAt", a.id) < (${after.publishedAt}::timestamptz, ${after.id}::uuid)`}
    ORDER BY a."publishedAt" DESC, a.id DESC
    LIMIT ${REMATCH_BATCH}`;
  if (rows.length === 0) return { articles: 0, joined: 0, last: null };
  const copies = rows.map((row): StoredCopy & { row: StoredArticle } => {
    const candidate = storyCandidateOf(row.feedId, { ...row, guidIsPermaLink: false, originalUrl: null });
    const keys = storedArticleKeys(row, storyKeys(candidate));
    return { id: row.id, candidate: { ...candidate, keys }, keys, row };
  });
  await saveStoryKeys(tx, copies);
  const joined: string[] = [];
  const ownStoriesByFeed = new Map<string, StoredCopy[]>();
  for (const copy of copies) {
    if (copy.row.storyId !== null || copy.row.storyKept) continue;
    ownStoriesByFeed.set(copy.row.feedId, [...(ownStoriesByFeed.get(copy.row.feedId) ?? []), copy]);
  }
  for (const [feedId, ownStories] of ownStoriesByFeed) joined.push(...(await joinStories(tx, feedId, ownStories)));
  await markCopiesReadForReadersOf(tx, joined);
  const last = rows.at(-1)!;
  return {
    articles: rows.length,
    joined: joined.length,
    last: rows.length < REMATCH_BATCH ? null : { publishedAt: last.publishedAt, id: last.id },
  };
}

function storedArticleKeys(row: StoredArticle, computed: StoryKeys): StoryKeys {
  if (!row.keyed) return computed;
  const keepAddress = computed.address === null && row.url !== null && isFeedProxyAddress(row.url);
  return { ...computed, address: keepAddress ? row.storedAddress : computed.address, guid: row.storedGuid };
}

function saveStoryKeys(tx: Tx, copies: (StoredCopy & { row: StoredArticle })[]): Promise<number> {
  const column = <T>(pick: (copy: StoredCopy & { row: StoredArticle }) => T) => copies.map(pick);
  return tx.$executeRaw`
    INSERT INTO "StoryKey" ("articleId", "feedId", "publishedAt", address, guid, signature, bands, shingles)
    SELECT k."articleId", k."feedId", k."publishedAt", k.address, k.guid,
      string_to_array(k.signature, ',')::int[], string_to_array(k.bands, ',')::int[], k.shingles
    FROM unnest(
      ${column((c) => c.id)}::uuid[], ${column((c) => c.row.feedId)}::uuid[], ${column((c) => c.row.publishedAt.toISOString())}::timestamptz[],
      ${column((c) => c.keys.address)}::text[], ${column((c) => c.keys.guid)}::text[],
      ${column((c) => c.keys.text?.signature.join(',') ?? '')}::text[], ${column((c) => c.keys.text?.bands.join(',') ?? '')}::text[],
      ${column((c) => c.keys.text?.shingleCount ?? 0)}::int[]
    ) AS k ("articleId", "feedId", "publishedAt", address, guid, signature, bands, shingles)
    ON CONFLICT ("articleId") DO UPDATE SET address = excluded.address, guid = excluded.guid, signature = excluded.signature,
      bands = excluded.bands, shingles = excluded.shingles`;
}

/**
 * A stored article that joins a story may have been read already, unlike a new one: whoever read it (or has it in
 * a feed of theirs and not unread) gets the story's other copies marked read too.
 */
function markCopiesReadForReadersOf(tx: Tx, joined: string[]): Promise<number> {
  if (joined.length === 0) return Promise.resolve(0);
  return tx.$executeRaw`
    DELETE FROM "UnreadArticle" u
    USING "Article" j, "Article" c
    WHERE j.id = ANY(${joined}::uuid[]) AND (c."storyId" = j."storyId" OR c.id = j."storyId") AND c.id <> j.id AND u."articleId" = c.id
      AND (
        EXISTS (SELECT 1 FROM "ArticleRead" r WHERE r."userId" = u."userId" AND r."articleId" = j.id)
        OR (
          EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = u."userId" AND s."feedId" = j."feedId")
          AND NOT EXISTS (SELECT 1 FROM "UnreadArticle" v WHERE v."userId" = u."userId" AND v."articleId" = j.id)
        )
      )`;
}
