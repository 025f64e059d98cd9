-- Up Migration
-- How far a retention pass has read (domain/admin/retention.ts walks the old articles oldest first): the admin panel
-- shows a long pass's progress as a date between the oldest articles and its cutoff.
ALTER TABLE "RetentionRun" ADD COLUMN "reachedAt" TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE "RetentionRun" DROP COLUMN "reachedAt";
