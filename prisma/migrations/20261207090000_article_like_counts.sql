-- Up Migration
-- Each article's number of likes, kept by triggers on LikedArticle, so an article's view reads one row for its likes
-- instead of counting them: every view of a list page counted each article's likes through LikedArticle's article
-- index, and a liked article's likes grow with the instance's people (5 ms of a liked page's 9.5–15 at 10 M
-- articles and 10,000 people; docs/performance.md). Statement-level triggers with transition tables, as for the
-- per-feed counters: rows added in articleId order, and those to lower locked in that order first, so that
-- concurrent statements cannot deadlock. No code moves a like to another article.
CREATE TABLE "ArticleLikeCount" (
  "articleId" UUID NOT NULL,
  "count" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "ArticleLikeCount_pkey" PRIMARY KEY ("articleId")
);
ALTER TABLE "ArticleLikeCount" ADD CONSTRAINT "ArticleLikeCount_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION article_like_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ArticleLikeCount" ("articleId", "count")
  SELECT "articleId", count(*) FROM added GROUP BY "articleId" ORDER BY "articleId"
  ON CONFLICT ("articleId") DO UPDATE SET "count" = "ArticleLikeCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION article_like_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "ArticleLikeCount" c WHERE c."articleId" IN (SELECT "articleId" FROM removed) ORDER BY c."articleId" FOR UPDATE;
  UPDATE "ArticleLikeCount" c SET "count" = c."count" - r.n
  FROM (SELECT "articleId", count(*) AS n FROM removed GROUP BY "articleId") r
  WHERE c."articleId" = r."articleId";
  RETURN NULL;
END $$;

CREATE TRIGGER article_like_counts_add AFTER INSERT ON "LikedArticle"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION article_like_counts_add();
CREATE TRIGGER article_like_counts_remove AFTER DELETE ON "LikedArticle"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION article_like_counts_remove();

INSERT INTO "ArticleLikeCount" ("articleId", "count") SELECT "articleId", count(*) FROM "LikedArticle" GROUP BY "articleId";

-- Down Migration
DROP TRIGGER article_like_counts_remove ON "LikedArticle";
DROP TRIGGER article_like_counts_add ON "LikedArticle";
DROP FUNCTION article_like_counts_remove();
DROP FUNCTION article_like_counts_add();
DROP TABLE "ArticleLikeCount";
