-- Up Migration
-- The search vector is filled by a trigger when a row comes without it, rather than generated (issue 47; figures:
-- docs/performance.md, "Seeding"). Its value is the same: the title and the opening 1,500 characters of the text, one
-- function, `article_search_vector`, whose two halves stand apart so that a bulk load can compute each once for many
-- rows. A generated column cannot be given its value, so a bulk load computed `to_tsvector` for every article: two
-- thirds of the CPU of seeding the benchmark's 10 M articles, which share 180,000 bodies and 100,000 titles. A restore
-- from pg_dump, which leaves generated values out, computed it again for every row; it now copies them. Dropping the
-- expression keeps the stored values, the index, the statistics target and the compression: no rewrite.
CREATE FUNCTION article_title_vector(title text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT setweight(to_tsvector('english', title), 'A') $$;

CREATE FUNCTION article_text_vector(content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', left(regexp_replace(left(content, 6000), '<[^>]*>', ' ', 'g'), 1500)), 'B')
$$;

CREATE FUNCTION article_search_vector(title text, content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT article_title_vector(title) || article_text_vector(content) $$;

CREATE FUNCTION article_search_vector_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := article_search_vector(NEW.title, NEW.content);
  RETURN NEW;
END $$;

ALTER TABLE "Article" ALTER COLUMN "searchVector" DROP EXPRESSION;

-- A row inserted with its vector keeps it (a bulk load that computed it); a change of title or text computes it again.
CREATE TRIGGER article_search_vector_insert BEFORE INSERT ON "Article"
FOR EACH ROW WHEN (NEW."searchVector" IS NULL) EXECUTE FUNCTION article_search_vector_fill();
CREATE TRIGGER article_search_vector_update BEFORE UPDATE OF title, content ON "Article"
FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content)
EXECUTE FUNCTION article_search_vector_fill();

-- Down Migration
DROP TRIGGER article_search_vector_update ON "Article";
DROP TRIGGER article_search_vector_insert ON "Article";
DROP INDEX "Article_search_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', title), 'A') ||
  setweight(to_tsvector('english', left(regexp_replace(left(content, 6000), '<[^>]*>', ' ', 'g'), 1500)), 'B')
) STORED;
ALTER TABLE "Article" ALTER COLUMN "searchVector" SET STATISTICS 1000;
DO $$
BEGIN
  ALTER TABLE "Article" ALTER COLUMN "searchVector" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 compression is not available on this server: long values stay compressed with pglz';
END $$;
CREATE INDEX "Article_search_idx" ON "Article" USING GIN (
  "searchVector",
  (ARRAY[floor(extract(epoch FROM timezone('UTC', "publishedAt")) / 604800)::int]),
  (ARRAY["feedId"])
) WITH (gin_pending_list_limit = 2048);
DROP FUNCTION article_search_vector_fill();
DROP FUNCTION article_search_vector(text, text);
DROP FUNCTION article_text_vector(text);
DROP FUNCTION article_title_vector(text);
