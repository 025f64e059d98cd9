import type { PrismaClient } from '../../db/prisma.ts';
import { joinStories } from './joinStories.ts';
import { addressStoryKey } from './storyCandidate.ts';

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

type KeyedArticle = {
  id: string;
  feedId: string;
  url: string | null;
  guid: string;
  title: string;
  excerpt: string;
  publishedAt: Date;
  storyId: string | null;
  guidKey: string | null;
  signature: number[];
  bands: number[];
  shingles: number;
};

/**
 * Matches an article by the address its page gives itself (read with its full text: <link rel=canonical>, else where
 * its link redirected to), when that differs from the address of its link: an aggregator's or a tracker's link then
 * finds the publisher's copy. The article's address key becomes the page's; an article in no story yet is joined to
 * a copy's story as a new arrival would be (joinStories). Answers whether it joined one.
 */
export async function matchByPageAddress(db: Db, articleId: string, pageUrl: string): Promise<boolean> {
  const address = addressStoryKey({ url: pageUrl, originalUrl: null });
  if (address === null) return false;
  const [article] = await db.$queryRaw<KeyedArticle[]>`
    UPDATE "StoryKey" k SET address = ${address}
    FROM "Article" a
    WHERE k."articleId" = ${articleId}::uuid AND a.id = k."articleId" AND k.address IS DISTINCT FROM ${address}
    RETURNING a.id, a."feedId", a.url, a.guid, a.title, a.excerpt, a."publishedAt", a."storyId", k.guid AS "guidKey", k.signature, k.bands, k.shingles`;
  if (!article || article.storyId !== null) return false;
  const candidate = {
    feedId: article.feedId,
    url: article.url,
    guid: article.guid,
    guidIsPermaLink: false,
    originalUrl: null,
    title: article.title,
    text: article.excerpt,
    publishedAt: article.publishedAt,
  };
  const text = article.signature.length > 0 ? { signature: article.signature, bands: article.bands, shingleCount: article.shingles } : null;
  const joined = await joinStories(db, article.feedId, [{ id: article.id, candidate, keys: { address, guid: article.guidKey, text } }]);
  return joined.length > 0;
}
