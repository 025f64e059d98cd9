-- Up Migration
-- A liked or starred row carries its article's feed, as UnreadArticle and HiddenArticle rows do, so that the liked and
-- starred lists of a feed or a folder read the reader's rows of those feeds from an index alone: they joined each row
-- to its article for its feed, a page read from disk per row (the starred list of a folder, first page of 30: 24 ms
-- at p50 and 56 at p95 at 1 M articles, the liked one 42 and 153; docs/performance.md). An article never changes feed.
-- Every row is written again: the indexes, the primary key's too, are built afresh after it rather than kept up row by
-- row (the likes of the 1 M benchmark's instance, 2.1 M rows: 24 s instead of 64).
DO $$
DECLARE
  kept text;
BEGIN
  FOREACH kept IN ARRAY ARRAY['LikedArticle', 'StarredArticle'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN "feedId" UUID', kept);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', kept, kept || '_pkey');
    EXECUTE format('DROP INDEX %I, %I, %I', kept || '_userId_publishedAt_articleId_idx', kept || '_articleId_idx', kept || '_createdAt_idx');
    EXECUTE format('UPDATE %I k SET "feedId" = a."feedId" FROM "Article" a WHERE a.id = k."articleId"', kept);
    EXECUTE format('ALTER TABLE %I ALTER COLUMN "feedId" SET NOT NULL', kept);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY ("userId", "articleId")', kept, kept || '_pkey');
    EXECUTE format('CREATE INDEX %I ON %I ("userId", "publishedAt" DESC, "articleId" DESC)', kept || '_userId_publishedAt_articleId_idx', kept);
    EXECUTE format('CREATE INDEX %I ON %I ("userId", "feedId", "publishedAt" DESC, "articleId" DESC)', kept || '_userId_feedId_publishedAt_articleId_idx', kept);
    EXECUTE format('CREATE INDEX %I ON %I ("articleId")', kept || '_articleId_idx', kept);
    EXECUTE format('CREATE INDEX %I ON %I ("createdAt")', kept || '_createdAt_idx', kept);
  END LOOP;
END $$;

-- Down Migration
DROP INDEX "StarredArticle_userId_feedId_publishedAt_articleId_idx";
ALTER TABLE "StarredArticle" DROP COLUMN "feedId";
DROP INDEX "LikedArticle_userId_feedId_publishedAt_articleId_idx";
ALTER TABLE "LikedArticle" DROP COLUMN "feedId";
