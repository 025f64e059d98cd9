-- Up Migration
-- A highlight shared as a quote is a share of its own: a reader keeps one plain share per article (now a partial
-- unique index) and one per highlight.
ALTER TABLE "Share" ADD COLUMN "highlightId" UUID;
ALTER TABLE "Share" ADD COLUMN "quote" TEXT;
CREATE UNIQUE INDEX "Share_highlightId_key" ON "Share"("highlightId");
ALTER TABLE "Share" ADD CONSTRAINT "Share_highlightId_fkey" FOREIGN KEY ("highlightId") REFERENCES "Highlight"("id") ON DELETE CASCADE ON UPDATE CASCADE;
DROP INDEX "Share_userId_articleId_key";
CREATE UNIQUE INDEX "Share_userId_articleId_key" ON "Share"("userId", "articleId") WHERE "highlightId" IS NULL;

-- Down Migration
DELETE FROM "Share" WHERE "highlightId" IS NOT NULL;
DROP INDEX "Share_userId_articleId_key";
CREATE UNIQUE INDEX "Share_userId_articleId_key" ON "Share"("userId", "articleId");
ALTER TABLE "Share" DROP CONSTRAINT "Share_highlightId_fkey";
DROP INDEX "Share_highlightId_key";
ALTER TABLE "Share" DROP COLUMN "quote";
ALTER TABLE "Share" DROP COLUMN "highlightId";
