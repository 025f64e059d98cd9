-- Up Migration
-- When a user read an article. Unread state is only the absence of an UnreadArticle row, which says nothing of when;
-- digests count reads by when they happened, so opening (marking read) one article records it here. Marking a whole
-- list read is catching up, not reading, and records nothing.
CREATE TABLE "ArticleRead" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "readAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ArticleRead_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "ArticleRead_userId_readAt_idx" ON "ArticleRead"("userId", "readAt" DESC);
CREATE INDEX "ArticleRead_readAt_idx" ON "ArticleRead"("readAt");
CREATE INDEX "ArticleRead_articleId_idx" ON "ArticleRead"("articleId");
ALTER TABLE "ArticleRead" ADD CONSTRAINT "ArticleRead_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ArticleRead" ADD CONSTRAINT "ArticleRead_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Weekly digests. `week` is the Sunday a scheduled digest is for, so one week never gets two (a retried job, a second
-- worker, a backfill); a first digest made on request has none.
CREATE TABLE "Digest" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "type" "DigestType" NOT NULL,
  "week" TEXT,
  "startDate" TIMESTAMPTZ(3) NOT NULL,
  "endDate" TIMESTAMPTZ(3) NOT NULL,
  "title" TEXT NOT NULL,
  "summary" TEXT NOT NULL,
  "content" TEXT NOT NULL,
  "metadata" JSONB NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Digest_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Digest_userId_week_key" ON "Digest"("userId", "week");
CREATE INDEX "Digest_userId_createdAt_id_idx" ON "Digest"("userId", "createdAt" DESC, "id" DESC);
ALTER TABLE "Digest" ADD CONSTRAINT "Digest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- When the user's first digest was made: the list offers the first-digest checklist only to someone who never had one,
-- which the Digest rows alone cannot tell once digests are deleted.
ALTER TABLE "User" ADD COLUMN "firstDigestAt" TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE "User" DROP COLUMN "firstDigestAt";
DROP TABLE "Digest";
DROP TABLE "ArticleRead";
