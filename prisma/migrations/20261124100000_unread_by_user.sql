-- Up Migration
-- Every new article adds an unread row for each of its feed's subscribers, so in one heap a user's rows lie
-- among everyone else's, a few to a page: marking 100,000 read visited (and wrote back, with its WAL) some
-- 36,000 pages. Hash-partitioned by user, a user's rows share their partition with a thirty-second of the others
-- and fill their pages many times more densely. Every statement on the table names one user, so it reads one
-- partition (figures: docs/performance.md).
ALTER TABLE "UnreadArticle" RENAME TO "UnreadArticle_unpartitioned";
ALTER TABLE "UnreadArticle_unpartitioned" DROP CONSTRAINT "UnreadArticle_pkey";
ALTER TABLE "UnreadArticle_unpartitioned" DROP CONSTRAINT "UnreadArticle_userId_fkey";
ALTER TABLE "UnreadArticle_unpartitioned" DROP CONSTRAINT "UnreadArticle_articleId_fkey";
DROP INDEX "UnreadArticle_userId_publishedAt_articleId_idx";
DROP INDEX "UnreadArticle_userId_feedId_publishedAt_articleId_idx";
DROP INDEX "UnreadArticle_articleId_idx";

CREATE TABLE "UnreadArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL
) PARTITION BY HASH ("userId");
DO $$
BEGIN
  FOR i IN 0..31 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "UnreadArticle" FOR VALUES WITH (MODULUS 32, REMAINDER %s)', 'UnreadArticle_' || i, i);
  END LOOP;
END $$;
INSERT INTO "UnreadArticle" SELECT "userId", "articleId", "feedId", "publishedAt" FROM "UnreadArticle_unpartitioned"
ORDER BY "userId", "publishedAt";
DROP TABLE "UnreadArticle_unpartitioned";

ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_pkey" PRIMARY KEY ("userId", "articleId");
CREATE INDEX "UnreadArticle_userId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_userId_feedId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_articleId_idx" ON "UnreadArticle"("articleId");
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Down Migration
ALTER TABLE "UnreadArticle" RENAME TO "UnreadArticle_partitioned";
ALTER TABLE "UnreadArticle_partitioned" DROP CONSTRAINT "UnreadArticle_pkey";
ALTER TABLE "UnreadArticle_partitioned" DROP CONSTRAINT "UnreadArticle_userId_fkey";
ALTER TABLE "UnreadArticle_partitioned" DROP CONSTRAINT "UnreadArticle_articleId_fkey";
DROP INDEX "UnreadArticle_userId_publishedAt_articleId_idx";
DROP INDEX "UnreadArticle_userId_feedId_publishedAt_articleId_idx";
DROP INDEX "UnreadArticle_articleId_idx";
CREATE TABLE "UnreadArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL
);
INSERT INTO "UnreadArticle" SELECT "userId", "articleId", "feedId", "publishedAt" FROM "UnreadArticle_partitioned";
DROP TABLE "UnreadArticle_partitioned";
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_pkey" PRIMARY KEY ("userId", "articleId");
CREATE INDEX "UnreadArticle_userId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_userId_feedId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_articleId_idx" ON "UnreadArticle"("articleId");
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
