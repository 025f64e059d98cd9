-- Up Migration
-- Search finds the newest matches by walking back week by week within the viewer's feeds. With the publication
-- week (UTC, counted from 1970) and the feed as further columns of the GIN index, one step reads the posting
-- lists of its words only within its weeks and those feeds, instead of every match of the words at every step
-- (figures: docs/performance.md).
DROP INDEX "Article_searchVector_idx";
CREATE INDEX "Article_search_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int]),
  (ARRAY["feedId"])
);

-- Down Migration
DROP INDEX "Article_search_idx";
CREATE INDEX "Article_searchVector_idx" ON "Article" USING GIN ("searchVector");
