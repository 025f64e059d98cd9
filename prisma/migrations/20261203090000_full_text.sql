-- Up Migration
-- Full articles for feeds that send excerpts: the text read from each article's page, stored once for every reader
-- (ArticleFullText), the subscriber's choice to always see it (Subscription.fullText), the feed's site rules and the
-- mark that the feed sends excerpts (Feed).
CREATE TYPE "FullTextStatus" AS ENUM ('pending', 'done', 'failed');

CREATE TABLE "ArticleFullText" (
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "status" "FullTextStatus" NOT NULL DEFAULT 'pending',
  "content" TEXT NOT NULL DEFAULT '',
  "sourceUrl" TEXT,
  "canonicalUrl" TEXT,
  "error" TEXT,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "fetchedAt" TIMESTAMPTZ(3),
  "nextAttemptAt" TIMESTAMPTZ(3),
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ArticleFullText_pkey" PRIMARY KEY ("articleId")
);
CREATE INDEX "ArticleFullText_feedId_status_idx" ON "ArticleFullText"("feedId", "status");
ALTER TABLE "ArticleFullText" ADD CONSTRAINT "ArticleFullText_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Subscription" ADD COLUMN "fullText" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Feed" ADD COLUMN "sendsExcerpts" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Feed" ADD COLUMN "fullTextSelector" TEXT;
ALTER TABLE "Feed" ADD COLUMN "fullTextRemove" TEXT[] NOT NULL DEFAULT '{}';

-- Down Migration
ALTER TABLE "Feed" DROP COLUMN "fullTextRemove";
ALTER TABLE "Feed" DROP COLUMN "fullTextSelector";
ALTER TABLE "Feed" DROP COLUMN "sendsExcerpts";
ALTER TABLE "Subscription" DROP COLUMN "fullText";
DROP TABLE "ArticleFullText";
DROP TYPE "FullTextStatus";
