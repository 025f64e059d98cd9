-- Up Migration
-- An OPML import keeps its report until its owner dismisses it: the file's name (null for Discover's bulk
-- subscribes, whose report nobody keeps), what became of every address (added, skipped or failed, with the reason),
-- which replaces the list of failures alone, and when the owner dismissed it.
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "filename" TEXT;
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "feeds" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "dismissedAt" TIMESTAMPTZ(3);
UPDATE "BulkSubscribeJob" SET "feeds" = (
  SELECT COALESCE(jsonb_agg(jsonb_build_object('url', failure->>'url', 'outcome', 'failed', 'reason', failure->>'error')), '[]')
  FROM jsonb_array_elements("failures") AS failure
);
ALTER TABLE "BulkSubscribeJob" DROP COLUMN "failures";
-- A folder named in an OPML file is made with the first subscription that goes into it, so a queued import now
-- names each address's folder instead of pointing at one made beforehand. A job still to run gets its folders'
-- names; a folder deleted since sends its feeds to the top level, as before.
UPDATE "BulkSubscribeJob" AS job SET "folderByAddress" = (
  SELECT COALESCE(jsonb_object_agg(entry.key, folder."name"), '{}')
  FROM jsonb_each_text(job."folderByAddress") AS entry
  JOIN "Folder" AS folder ON folder."id"::text = entry.value AND folder."userId" = job."userId"
)
WHERE NOT job."done";

-- Down Migration
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "failures" JSONB NOT NULL DEFAULT '[]';
UPDATE "BulkSubscribeJob" SET "failures" = (
  SELECT COALESCE(jsonb_agg(jsonb_build_object('url', feed->>'url', 'error', feed->>'reason')), '[]')
  FROM jsonb_array_elements("feeds") AS feed
  WHERE feed->>'outcome' = 'failed'
);
ALTER TABLE "BulkSubscribeJob" DROP COLUMN "dismissedAt";
ALTER TABLE "BulkSubscribeJob" DROP COLUMN "feeds";
ALTER TABLE "BulkSubscribeJob" DROP COLUMN "filename";
