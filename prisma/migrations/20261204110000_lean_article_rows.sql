-- Up Migration
-- Cheaper to store, cheaper to keep (issue 47; figures: docs/performance.md, "Ingest cost").
--
-- The search vector reads the title and the opening 1,500 characters of the text (the lede and its first
-- paragraphs, what story matching reads too) instead of up to 100,000: computing it and filling its GIN index were
-- most of PostgreSQL's work per stored article, and both grow with the text. Only the first 6,000 characters of
-- markup are stripped, so a long page no longer costs a pass over all of it. The column is generated, and PostgreSQL
-- 15 cannot change a generated expression: it is added again (a rewrite of the table, once).
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(regexp_replace(left(content, 6000), '<[^>]*>', ' ', 'g'), 1500)), 'B')
) STORED;
CREATE INDEX "Article_search_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int]),
  (ARRAY["feedId"])
);

-- Long values are compressed with lz4 where the server has it (Debian's and the official images' do; the embedded
-- PostgreSQL does not, and keeps pglz): several times faster to compress and read, for a few percent more bytes.
-- Values stored before keep their compression.
DO $$
BEGIN
  ALTER TABLE "Article" ALTER COLUMN content SET COMPRESSION lz4, ALTER COLUMN "searchVector" SET COMPRESSION lz4;
  ALTER TABLE "ArticleFullText" ALTER COLUMN content SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 compression is not available on this server: long values stay compressed with pglz';
END $$;

-- A row keeps its long values out of line from 1 KB rather than 2 KB: lz4 shrinks a 2 KB article below PostgreSQL's
-- default threshold, and an article row of 2 KB in the heap would make the lists, which read the heap's narrow
-- columns (title, excerpt, dates), read three times as many pages (512 against 1,279 bytes of heap per article).
ALTER TABLE "Article" SET (toast_tuple_target = 1024);

-- Down Migration
ALTER TABLE "Article" RESET (toast_tuple_target);
ALTER TABLE "Article" ALTER COLUMN content SET COMPRESSION default;
ALTER TABLE "ArticleFullText" ALTER COLUMN content SET COMPRESSION default;
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(regexp_replace(content, '<[^>]*>', ' ', 'g'), 100000)), 'B')
) STORED;
CREATE INDEX "Article_search_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int]),
  (ARRAY["feedId"])
);
