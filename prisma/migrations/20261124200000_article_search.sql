-- Up Migration
-- Search reads a narrow table of its own: each article's id, feed, date and search document. A search step
-- fetches its matches' rows to test their feed and date, and an article row is over a kilobyte (its text),
-- where this row is about 90 bytes, its document kept out of line (toast_tuple_target): the whole heap is under
-- 100 MB and stays cached. Its GIN index holds the words and the week published; the viewer's feeds are tested
-- on the fetched rows, which costs less than merging a hundred feeds' posting lists in the index
-- (figures: docs/performance.md).
CREATE TABLE "ArticleSearch" (
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "document" tsvector NOT NULL,
  CONSTRAINT "ArticleSearch_pkey" PRIMARY KEY ("articleId")
) WITH (toast_tuple_target = 128);
INSERT INTO "ArticleSearch" SELECT id, "feedId", "publishedAt", "searchVector" FROM "Article" ORDER BY id;
ALTER TABLE "ArticleSearch" ADD CONSTRAINT "ArticleSearch_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ArticleSearch_search_idx" ON "ArticleSearch" USING GIN (
  "document",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int])
);
CREATE INDEX "ArticleSearch_publishedAt_articleId_idx" ON "ArticleSearch"("publishedAt" DESC, "articleId" DESC);

DROP INDEX "Article_search_idx";
DROP INDEX "Article_publishedAt_id_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";

-- Down Migration
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A')
  || setweight(to_tsvector('english', left(regexp_replace("content", '<[^>]*>', ' ', 'g'), 100000)), 'B')
) STORED;
CREATE INDEX "Article_publishedAt_id_idx" ON "Article"("publishedAt" DESC, "id" DESC);
CREATE INDEX "Article_search_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int]),
  (ARRAY["feedId"])
);
DROP TABLE "ArticleSearch";
