-- Up Migration
-- When a feed was last read without error: lastFetchedAt moves on failures too, so it cannot tell.
ALTER TABLE "Feed" ADD COLUMN "lastSuccessAt" TIMESTAMPTZ(3);
UPDATE "Feed" SET "lastSuccessAt" = "lastFetchedAt" WHERE "fetchError" IS NULL;
