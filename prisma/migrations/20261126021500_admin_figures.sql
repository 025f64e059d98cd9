-- Up Migration
-- The admin panel counts the shares and comments of the last week (insights, weak signals): a range of these
-- indexes, however many older ones there are, instead of reading the whole table.
CREATE INDEX "Share_createdAt_idx" ON "Share"("createdAt");
CREATE INDEX "Comment_createdAt_idx" ON "Comment"("createdAt");

-- Each feed's number of subscribers, kept by triggers on Subscription, so the admin panel's popular feeds are the
-- first rows of an index instead of a count over every subscription (100,000 rows took 20–160 ms). As for
-- FeedUnreadCount: statement-level triggers with transition tables, counter rows changed in feedId order so that
-- concurrent statements cannot deadlock. No code moves a subscription to another feed, so feedId updates are not kept.
CREATE TABLE "FeedSubscriberCount" (
  "feedId" UUID NOT NULL,
  "count" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "FeedSubscriberCount_pkey" PRIMARY KEY ("feedId")
);
CREATE INDEX "FeedSubscriberCount_count_feedId_idx" ON "FeedSubscriberCount"("count" DESC, "feedId");
ALTER TABLE "FeedSubscriberCount" ADD CONSTRAINT "FeedSubscriberCount_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION subscriber_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "FeedSubscriberCount" ("feedId", "count")
  SELECT "feedId", count(*) FROM added GROUP BY "feedId" ORDER BY "feedId"
  ON CONFLICT ("feedId") DO UPDATE SET "count" = "FeedSubscriberCount"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;

CREATE FUNCTION subscriber_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed_group RECORD;
BEGIN
  FOR removed_group IN SELECT "feedId", count(*) AS n FROM removed GROUP BY "feedId" ORDER BY "feedId" LOOP
    UPDATE "FeedSubscriberCount" SET "count" = "count" - removed_group.n WHERE "feedId" = removed_group."feedId";
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER subscriber_counts_add AFTER INSERT ON "Subscription"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_add();
CREATE TRIGGER subscriber_counts_remove AFTER DELETE ON "Subscription"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION subscriber_counts_remove();

INSERT INTO "FeedSubscriberCount" ("feedId", "count") SELECT "feedId", count(*) FROM "Subscription" GROUP BY "feedId";
