import type { PrismaClient } from '../../db/prisma.ts';
import { ExtractionError, type SiteRules } from '../../ingest/extractArticle.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { loadArticleText } from '../../ingest/loadArticleText.ts';
import { feedFetchPolicy, type HostWait } from '../core/hostSlots.ts';
import type { Services } from '../core/services.ts';
import { matchByPageAddress } from '../stories/pageAddress.ts';

type ExtractServices = Pick<Services, 'db' | 'config' | 'log'>;

/** An article due for extraction, claimed by one attempt. */
export type ClaimedArticle = { articleId: string; url: string; attempts: number; rules: SiteRules };

/** How long an attempt holds its article: longer than the slowest fetch, so that only a dead worker's claim expires. */
export const CLAIM_MS = 3 * 60_000;

/** Tries after a failure, hours after it: then the article keeps its feed's content (until its site rules change). */
export const RETRY_AFTER_HOURS = [1, 6, 24] as const;

const dueCondition = `(ft.status = 'pending' AND (ft."nextAttemptAt" IS NULL OR ft."nextAttemptAt" <= now()))
  OR (ft.status = 'failed' AND ft."nextAttemptAt" <= now())`;

/**
 * Claims up to `limit` of the feed's due articles (queued, a claim expired, or a failure's retry time come), newest
 * first: each is held for CLAIM_MS, so that jobs of the same feed running at once take different articles.
 */
export async function claimDueArticles(db: PrismaClient, feedId: string, limit: number): Promise<ClaimedArticle[]> {
  return db.$queryRawUnsafe<ClaimedArticle[]>(
    `WITH due AS (
       SELECT ft."articleId" FROM "ArticleFullText" ft JOIN "Article" a ON a.id = ft."articleId"
       WHERE ft."feedId" = $1::uuid AND ft.status <> 'done' AND (${dueCondition})
       ORDER BY a."publishedAt" DESC LIMIT $2 FOR UPDATE OF ft SKIP LOCKED
     )
     UPDATE "ArticleFullText" ft SET status = 'pending', "nextAttemptAt" = now() + make_interval(secs => $3)
     FROM due, "Article" a, "Feed" f
     WHERE ft."articleId" = due."articleId" AND a.id = ft."articleId" AND f.id = a."feedId"
     RETURNING ft."articleId", a.url, ft.attempts,
       json_build_object('contentSelector', f."fullTextSelector", 'removeSelectors', f."fullTextRemove") AS rules`,
    feedId,
    limit,
    CLAIM_MS / 1000,
  );
}

/** The outcome written for an article: done with its text, or failed with the reason a reader is shown. */
export type AttemptOutcome = { status: 'done' } | { status: 'failed'; error: string };

/**
 * Fetches and reads one claimed article and stores the outcome: the text when found (and the article is matched to
 * stories by the page's own address); else the reason, with the next try RETRY_AFTER_HOURS later (or later still
 * when the server asked, Retry-After), none after the last.
 */
export async function attemptExtraction(services: ExtractServices, claimed: ClaimedArticle, wait: HostWait): Promise<AttemptOutcome> {
  const { articleId } = claimed;
  let page;
  try {
    page = await loadArticleText(feedFetchPolicy(services, wait), claimed.url, claimed.rules);
  } catch (error) {
    return recordFailure(services, claimed, error);
  }
  await services.db.articleFullText.update({
    where: { articleId },
    data: {
      status: 'done',
      content: page.content,
      sourceUrl: page.sourceUrl,
      canonicalUrl: page.canonicalUrl,
      error: null,
      attempts: claimed.attempts + 1,
      fetchedAt: new Date(),
      nextAttemptAt: null,
    },
  });
  await matchByPageAddress(services.db, articleId, page.canonicalUrl);
  return { status: 'done' };
}

async function recordFailure(services: ExtractServices, claimed: ClaimedArticle, error: unknown): Promise<AttemptOutcome> {
  const { articleId, url } = claimed;
  if (error instanceof FeedFetchError && error.kind === 'host-busy') {
    // Not the page's fault: tried again in a minute, without counting an attempt.
    await services.db.articleFullText.update({ where: { articleId }, data: { nextAttemptAt: new Date(Date.now() + 60_000) } });
    return { status: 'failed', error: error.message };
  }
  // A page that makes the DOM or Readability throw is that page's failure, tried again as any other; the log keeps why.
  const reason = failureReason(error) ?? UNREADABLE;
  if (reason === UNREADABLE) services.log.warn({ articleId, url, err: error }, 'full article extraction threw');
  const attempts = claimed.attempts + 1;
  const retryAfterSeconds = error instanceof FeedFetchError ? (error.retryAfterSeconds ?? 0) : 0;
  await services.db.articleFullText.update({
    where: { articleId },
    data: { status: 'failed', error: reason, attempts, fetchedAt: new Date(), nextAttemptAt: nextAttemptAt(attempts, retryAfterSeconds) },
  });
  services.log.info({ articleId, url, error: reason }, 'full article extraction failed');
  return { status: 'failed', error: reason };
}

const UNREADABLE = 'The page could not be read';

/** When the `attempts`-th failure is tried again, or null after the last try. */
export function nextAttemptAt(attempts: number, retryAfterSeconds = 0, now = Date.now()): Date | null {
  const hours = RETRY_AFTER_HOURS[attempts - 1];
  if (hours === undefined) return null;
  return new Date(now + Math.max(hours * 3600, retryAfterSeconds) * 1000);
}

/** The reason a reader is shown for a failed fetch or reading, about the page (the fetcher speaks of feeds); null for another error. */
export function failureReason(error: unknown): string | null {
  if (error instanceof ExtractionError) return error.message;
  if (error instanceof FeedFetchError)
    return error.message.replace(/^The feed(’s)?\b/, (_all, owner: string | undefined) => `The page${owner ?? ''}`);
  return null;
}
