-- Up Migration
-- Search finds the newest matches by walking back week by week. With the publication week (UTC, counted from
-- 1970) as a second column of the GIN index, one step reads the posting lists of its words only within its
-- weeks, instead of every match of the words at every step (figures: docs/performance.md).
DROP INDEX "Article_searchVector_idx";
CREATE INDEX "Article_searchVector_week_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int])
);

-- Down Migration
DROP INDEX "Article_searchVector_week_idx";
CREATE INDEX "Article_searchVector_idx" ON "Article" USING GIN ("searchVector");
