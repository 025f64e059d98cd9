-- Up Migration
-- Each retention pass (domain/admin/retentionRuns.ts), nightly or asked for by an administrator, with its progress
-- recorded as it goes: the admin panel follows a running pass and shows what the last one did.
CREATE TYPE "RetentionTrigger" AS ENUM ('nightly', 'administrator');
CREATE TYPE "RetentionRunStatus" AS ENUM ('queued', 'running', 'done', 'failed');

CREATE TABLE "RetentionRun" (
  "id" UUID NOT NULL,
  "trigger" "RetentionTrigger" NOT NULL,
  "requestedById" UUID,
  "status" "RetentionRunStatus" NOT NULL DEFAULT 'queued',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "startedAt" TIMESTAMPTZ(3),
  "finishedAt" TIMESTAMPTZ(3),
  "deleted" INTEGER NOT NULL DEFAULT 0,
  "batches" INTEGER NOT NULL DEFAULT 0,
  "freedBytes" BIGINT NOT NULL DEFAULT 0,
  "cutoff" TIMESTAMPTZ(3),
  "keepPerFeed" INTEGER,
  "error" TEXT,
  CONSTRAINT "RetentionRun_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "RetentionRun_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "RetentionRun_createdAt_idx" ON "RetentionRun"("createdAt");
CREATE INDEX "RetentionRun_requestedById_idx" ON "RetentionRun"("requestedById");

-- Down Migration
DROP TABLE "RetentionRun";
DROP TYPE "RetentionRunStatus";
DROP TYPE "RetentionTrigger";
