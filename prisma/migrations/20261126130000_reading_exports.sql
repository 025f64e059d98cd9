-- Up Migration
-- PDF and EPUB exports (issue 19): one row per export job, its progress and, once done, its file for a short while.
CREATE TYPE "ExportFormat" AS ENUM ('pdf', 'epub');
CREATE TYPE "ExportStatus" AS ENUM ('queued', 'gathering', 'categorizing', 'generating', 'done', 'failed');

CREATE TABLE "ReadingExport" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "format" "ExportFormat" NOT NULL,
    "status" "ExportStatus" NOT NULL DEFAULT 'queued',
    "options" JSONB NOT NULL,
    "error" TEXT,
    "fileName" TEXT,
    "file" BYTEA,
    "articleCount" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "ReadingExport_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ReadingExport_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "ReadingExport_userId_createdAt_idx" ON "ReadingExport"("userId", "createdAt" DESC);
CREATE INDEX "ReadingExport_expiresAt_idx" ON "ReadingExport"("expiresAt");
