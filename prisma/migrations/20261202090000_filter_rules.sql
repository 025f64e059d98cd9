-- Up Migration
-- A reader's filter rules, the articles they hide from that reader, and muted subscriptions. HiddenArticle is kept
-- by domain/rules (rules saved, articles arriving, subscriptions started or moved); every list leaves its rows out
-- with a primary-key probe, and its feed index serves the "hidden by your rules" list and the re-application of a feed.
CREATE TYPE "FilterAction" AS ENUM ('hide', 'markRead', 'star', 'keepOnly');
CREATE TYPE "FilterField" AS ENUM ('title', 'content', 'author', 'url', 'feed');

CREATE TABLE "FilterRule" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "pattern" TEXT NOT NULL,
  "isRegex" BOOLEAN NOT NULL DEFAULT false,
  "fields" "FilterField"[] NOT NULL,
  "action" "FilterAction" NOT NULL,
  "feedId" UUID,
  "folderId" UUID,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "FilterRule_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "FilterRule_userId_createdAt_id_idx" ON "FilterRule"("userId", "createdAt", "id");
CREATE INDEX "FilterRule_feedId_idx" ON "FilterRule"("feedId");
CREATE INDEX "FilterRule_folderId_idx" ON "FilterRule"("folderId");
ALTER TABLE "FilterRule" ADD CONSTRAINT "FilterRule_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "FilterRule" ADD CONSTRAINT "FilterRule_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "Feed"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "FilterRule" ADD CONSTRAINT "FilterRule_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "HiddenArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "wasUnread" BOOLEAN NOT NULL,
  CONSTRAINT "HiddenArticle_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "HiddenArticle_userId_feedId_publishedAt_articleId_idx" ON "HiddenArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "HiddenArticle_userId_publishedAt_articleId_idx" ON "HiddenArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "HiddenArticle_articleId_idx" ON "HiddenArticle"("articleId");
ALTER TABLE "HiddenArticle" ADD CONSTRAINT "HiddenArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "HiddenArticle" ADD CONSTRAINT "HiddenArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Subscription" ADD COLUMN "muted" BOOLEAN NOT NULL DEFAULT false;

-- Down Migration
ALTER TABLE "Subscription" DROP COLUMN "muted";
DROP TABLE "HiddenArticle";
DROP TABLE "FilterRule";
DROP TYPE "FilterField";
DROP TYPE "FilterAction";
