-- Up Migration
-- A liked or starred row carries its article's feed, as UnreadArticle and HiddenArticle rows do, so that the liked and
-- starred lists of a feed or a folder read the reader's rows of those feeds from an index alone: they joined each row
-- to its article for its feed, a page read from disk per row (the starred list of a folder, first page of 30: 24 ms
-- at p50 and 56 at p95 at 1 M articles, the liked one 42 and 153; docs/performance.md). An article never changes feed.
-- Every row is written again: the indexes, the primary key's too, are built afresh after it rather than kept up row by
-- row (the likes of the 1 M benchmark's instance, 2.1 M rows: 24 s instead of 64).
ALTER TABLE "LikedArticle" ADD COLUMN "feedId" UUID;
ALTER TABLE "LikedArticle" DROP CONSTRAINT "LikedArticle_pkey";
DROP INDEX "LikedArticle_userId_publishedAt_articleId_idx", "LikedArticle_articleId_idx", "LikedArticle_createdAt_idx";
UPDATE "LikedArticle" l SET "feedId" = a."feedId" FROM "Article" a WHERE a.id = l."articleId";
ALTER TABLE "LikedArticle" ALTER COLUMN "feedId" SET NOT NULL;
ALTER TABLE "LikedArticle" ADD CONSTRAINT "LikedArticle_pkey" PRIMARY KEY ("userId", "articleId");
CREATE INDEX "LikedArticle_userId_publishedAt_articleId_idx" ON "LikedArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "LikedArticle_userId_feedId_publishedAt_articleId_idx" ON "LikedArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "LikedArticle_articleId_idx" ON "LikedArticle"("articleId");
CREATE INDEX "LikedArticle_createdAt_idx" ON "LikedArticle"("createdAt");

ALTER TABLE "StarredArticle" ADD COLUMN "feedId" UUID;
ALTER TABLE "StarredArticle" DROP CONSTRAINT "StarredArticle_pkey";
DROP INDEX "StarredArticle_userId_publishedAt_articleId_idx", "StarredArticle_articleId_idx", "StarredArticle_createdAt_idx";
UPDATE "StarredArticle" s SET "feedId" = a."feedId" FROM "Article" a WHERE a.id = s."articleId";
ALTER TABLE "StarredArticle" ALTER COLUMN "feedId" SET NOT NULL;
ALTER TABLE "StarredArticle" ADD CONSTRAINT "StarredArticle_pkey" PRIMARY KEY ("userId", "articleId");
CREATE INDEX "StarredArticle_userId_publishedAt_articleId_idx" ON "StarredArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "StarredArticle_userId_feedId_publishedAt_articleId_idx" ON "StarredArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "StarredArticle_articleId_idx" ON "StarredArticle"("articleId");
CREATE INDEX "StarredArticle_createdAt_idx" ON "StarredArticle"("createdAt");

-- Down Migration
DROP INDEX "StarredArticle_userId_feedId_publishedAt_articleId_idx";
ALTER TABLE "StarredArticle" DROP COLUMN "feedId";
DROP INDEX "LikedArticle_userId_feedId_publishedAt_articleId_idx";
ALTER TABLE "LikedArticle" DROP COLUMN "feedId";
