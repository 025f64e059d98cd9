import type { PrismaClient } from '../../db/prisma.ts';
import { STORY_REMATCH_DAYS } from './storyRulesVersion.ts';
import { STORY_WINDOW_MS } from './textKey.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long an article keeps its text key (MinHash signature and band hashes): the text rule's window, plus the days
 * the background pass goes back (its probes reach a window further), plus a day. The text rule only compares
 * articles published within the window of each other, and new articles are published about now, so an older key
 * never decides a match; kept, its bands would still be read by every probe that shares one (the band index spans
 * every article, the window is applied to the rows it finds): at 1 M articles, thousands of rows per new article
 * instead of a few dozen (docs/performance.md, "Story matching").
 */
export const TEXT_KEY_DAYS = Math.ceil(STORY_WINDOW_MS / DAY_MS) + STORY_REMATCH_DAYS + 1;
/** How far back the daily clean-up looks: it catches up on the days it did not run, up to this many. */
const CLEAN_UP_LOOK_BACK_DAYS = 30;
const CLEAN_UP_BATCH = 5_000;

/** Whether an article published then still gets a text key: one stored with an older date (a new feed's back catalogue) does not. */
export function keepsTextKey(publishedAt: Date, now = Date.now()): boolean {
  return publishedAt.getTime() >= now - TEXT_KEY_DAYS * DAY_MS;
}

/**
 * The daily clean-up: clears the text keys of the articles published more than TEXT_KEY_DAYS ago (up to
 * CLEAN_UP_LOOK_BACK_DAYS more), found through the articles' date index, in batches. Answers how many it cleared.
 */
export async function clearOldTextKeys(db: Pick<PrismaClient, '$executeRaw'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TEXT_KEY_DAYS * DAY_MS);
  const since = new Date(before.getTime() - CLEAN_UP_LOOK_BACK_DAYS * DAY_MS);
  let cleared = 0;
  for (;;) {
    const batch = await db.$executeRaw`
      UPDATE "StoryKey" SET signature = '{}', bands = '{}', shingles = 0
      WHERE "articleId" IN (
        SELECT k."articleId" FROM "Article" a JOIN "StoryKey" k ON k."articleId" = a.id
        WHERE a."publishedAt" >= ${since} AND a."publishedAt" < ${before} AND k.bands <> '{}'
        LIMIT ${CLEAN_UP_BATCH})`;
    cleared += batch;
    if (batch < CLEAN_UP_BATCH) return cleared;
  }
}
