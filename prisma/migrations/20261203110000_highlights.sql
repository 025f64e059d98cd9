-- Up Migration
-- Highlights: passages readers keep, with notes, anchored by W3C Web Annotation selectors (quote and position).
CREATE TABLE "Highlight" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "exact" TEXT NOT NULL,
  "prefix" TEXT NOT NULL DEFAULT '',
  "suffix" TEXT NOT NULL DEFAULT '',
  "start" INTEGER,
  "end" INTEGER,
  "note" TEXT,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Highlight_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "Highlight_userId_createdAt_id_idx" ON "Highlight"("userId", "createdAt" DESC, "id" DESC);
CREATE INDEX "Highlight_articleId_userId_idx" ON "Highlight"("articleId", "userId");
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Down Migration
DROP TABLE "Highlight";
