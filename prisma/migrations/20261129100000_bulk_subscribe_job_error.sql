-- Up Migration
-- Why a bulk subscribe (Discover, OPML import) stopped before trying every address: it ran out of its time in the
-- worker, or its last attempt failed. Its owner reads it with the job's progress.
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "error" TEXT;

-- Down Migration
ALTER TABLE "BulkSubscribeJob" DROP COLUMN "error";
