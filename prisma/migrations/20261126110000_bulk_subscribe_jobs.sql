-- Up Migration
-- The progress of a bulk subscribe that runs as a job, readable by its owner while the worker works through it.
CREATE TABLE "BulkSubscribeJob" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "feedUrls" TEXT[] NOT NULL,
  "total" INTEGER NOT NULL,
  "subscribed" INTEGER NOT NULL DEFAULT 0,
  "skipped" INTEGER NOT NULL DEFAULT 0,
  "errors" INTEGER NOT NULL DEFAULT 0,
  "failures" JSONB NOT NULL DEFAULT '[]',
  "done" BOOLEAN NOT NULL DEFAULT false,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "BulkSubscribeJob_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "BulkSubscribeJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "BulkSubscribeJob_userId_idx" ON "BulkSubscribeJob"("userId");
