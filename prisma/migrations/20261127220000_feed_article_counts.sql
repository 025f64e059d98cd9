-- Up Migration
-- Each feed's number of articles, kept by triggers on Article, so the Fever API's total_items (the articles of the
-- feeds a user follows) is a sum over their subscriptions instead of a count over every article of them (300,000
-- rows for a user of the 1 M-article benchmark took over a second). As for FeedUnreadCount: statement-level
-- triggers with transition tables, counter rows changed in feedId order so that concurrent statements cannot
-- deadlock. No code moves an article to another feed, so feedId updates are not kept.
CREATE TABLE "FeedArticleCount" (
  "feedId" UUID NOT NULL,
  "count" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "FeedArticleCount_pkey" PRIMARY KEY ("feedId")
);
ALTER TABLE "FeedArticleCount" ADD CONSTRAINT "FeedArticleCount_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION article_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedArticleCount" ("feedId", "count")
  SELECT "feedId", count(*) FROM added GROUP BY "feedId" ORDER BY "feedId"
  ON CONFLICT ("feedId") DO UPDATE SET "count" = "FeedArticleCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION article_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed_group RECORD;
BEGIN
  FOR removed_group IN SELECT "feedId", count(*) AS n FROM removed GROUP BY "feedId" ORDER BY "feedId" LOOP
    UPDATE "FeedArticleCount" SET "count" = "count" - removed_group.n WHERE "feedId" = removed_group."feedId";
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER article_counts_add AFTER INSERT ON "Article"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION article_counts_add();
CREATE TRIGGER article_counts_remove AFTER DELETE ON "Article"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION article_counts_remove();

INSERT INTO "FeedArticleCount" ("feedId", "count") SELECT "feedId", count(*) FROM "Article" GROUP BY "feedId";
