import type { FullTextState } from '../articles/articleView.ts';
import { getArticle } from '../articles/listArticles.ts';
import { spendAllowance, type Allowance } from '../core/rateLimits.ts';
import type { Services, Viewer } from '../core/services.ts';
import { attemptExtraction, CLAIM_MS, type ClaimedArticle } from './extractFullText.ts';
import { loadFullTextStates } from './fullTextStates.ts';

/** Each reading fetches a page and parses it on the API's own process: a reader may ask this many in an hour. */
export const ON_DEMAND_ALLOWANCE: Allowance = {
  points: 300,
  windowSeconds: 3600,
  refusal: 'You have loaded 300 full articles in an hour, the most allowed.',
};

/** A failure is not fetched again on demand within this time: a reader pressing the key twice costs one fetch. */
export const ON_DEMAND_RETRY_MS = 60_000;

/**
 * The full article of any article the viewer may read, now ("Load full article"): the stored one when it was read
 * before, else its page is fetched and read within the fetch limit (waiting for a slot of its host, as a person's
 * refresh does). Answers `pending` while another reading of it runs, and the stored failure when it failed within the
 * last minute.
 */
export async function loadFullText(services: Services, viewer: Viewer, id: unknown): Promise<FullTextState> {
  const article = await getArticle(services, viewer, id);
  if (!article.url) return { status: 'failed', error: 'This article has no web address to read it from', fetchedAt: null, sourceUrl: null };
  const [stored] = await loadFullTextStates(services, [article.id]);
  const recentFailure = stored?.status === 'failed' && stored.fetchedAt && stored.fetchedAt.getTime() > Date.now() - ON_DEMAND_RETRY_MS;
  if (stored?.status === 'done' || recentFailure) return stored!;
  await spendAllowance(services, `full-text:${viewer.id}`, ON_DEMAND_ALLOWANCE);
  const claimed = await claimArticle(services, article.id, article.url);
  if (claimed) await attemptExtraction(services, claimed, 'interactive');
  const [state] = await loadFullTextStates(services, [article.id]);
  return state!;
}

/** Claims the article for this reading, unless another holds it or it was read meanwhile (then null). */
async function claimArticle(services: Services, articleId: string, url: string): Promise<ClaimedArticle | null> {
  const [claimed] = await services.db.$queryRaw<ClaimedArticle[]>`
    INSERT INTO "ArticleFullText" ("articleId", "feedId", "nextAttemptAt")
    SELECT a.id, a."feedId", now() + make_interval(secs => ${CLAIM_MS / 1000}) FROM "Article" a WHERE a.id = ${articleId}::uuid
    ON CONFLICT ("articleId") DO UPDATE SET status = 'pending', "nextAttemptAt" = EXCLUDED."nextAttemptAt"
      WHERE "ArticleFullText".status <> 'done'
        AND NOT ("ArticleFullText".status = 'pending' AND "ArticleFullText"."nextAttemptAt" > now())
    RETURNING "articleId", ${url} AS url, attempts,
      (SELECT json_build_object('contentSelector', f."fullTextSelector", 'removeSelectors', f."fullTextRemove")
       FROM "Feed" f WHERE f.id = "ArticleFullText"."feedId") AS rules`;
  return claimed ?? null;
}
