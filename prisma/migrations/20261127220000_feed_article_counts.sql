-- Up Migration
-- Each feed's number of articles, kept by triggers on Article, so the Fever API's total_items (the articles of the
-- feeds a user follows) is a sum over their subscriptions instead of a count over every article of them (300,000
-- rows for a user of the 1 M-article benchmark took over a second). No code moves an article to another feed, so
-- feedId updates are not kept.
CREATE TABLE "FeedArticleCount" (
  "feedId" UUID NOT NULL,
  "count" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "FeedArticleCount_pkey" PRIMARY KEY ("feedId")
);
ALTER TABLE "FeedArticleCount" ADD CONSTRAINT "FeedArticleCount_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Per-feed counters, one pair of trigger functions for every table of them (its name is the trigger's argument):
-- statement-level triggers with transition tables, counter rows changed in feedId order so that concurrent
-- statements cannot deadlock. FeedSubscriberCount's own functions give way to these.
CREATE FUNCTION feed_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I ("feedId", "count") SELECT "feedId", count(*) FROM added GROUP BY "feedId" ORDER BY "feedId"
     ON CONFLICT ("feedId") DO UPDATE SET "count" = %1$I."count" + EXCLUDED."count"',
    TG_ARGV[0]);
  RETURN NULL;
END $$;

CREATE FUNCTION feed_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed_group RECORD;
BEGIN
  FOR removed_group IN SELECT "feedId", count(*) AS n FROM removed GROUP BY "feedId" ORDER BY "feedId" LOOP
    EXECUTE format('UPDATE %I SET "count" = "count" - $1 WHERE "feedId" = $2', TG_ARGV[0]) USING removed_group.n, removed_group."feedId";
  END LOOP;
  RETURN NULL;
END $$;

DROP TRIGGER subscriber_counts_add ON "Subscription";
DROP TRIGGER subscriber_counts_remove ON "Subscription";
DROP FUNCTION subscriber_counts_add();
DROP FUNCTION subscriber_counts_remove();
CREATE TRIGGER subscriber_counts_add AFTER INSERT ON "Subscription"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION feed_counts_add('FeedSubscriberCount');
CREATE TRIGGER subscriber_counts_remove AFTER DELETE ON "Subscription"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION feed_counts_remove('FeedSubscriberCount');

CREATE TRIGGER article_counts_add AFTER INSERT ON "Article"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION feed_counts_add('FeedArticleCount');
CREATE TRIGGER article_counts_remove AFTER DELETE ON "Article"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION feed_counts_remove('FeedArticleCount');

INSERT INTO "FeedArticleCount" ("feedId", "count") SELECT "feedId", count(*) FROM "Article" GROUP BY "feedId";
