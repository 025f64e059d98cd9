-- Up Migration
-- Read state becomes presence rows (UnreadArticle), likes and stars get their own tables.
DROP TABLE "ArticleState";

ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A')
  || setweight(to_tsvector('english', left(regexp_replace("content", '<[^>]*>', ' ', 'g'), 100000)), 'B')
) STORED;
CREATE INDEX "Article_searchVector_idx" ON "Article" USING GIN ("searchVector");

CREATE TABLE "UnreadArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "UnreadArticle_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "UnreadArticle_userId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_userId_feedId_publishedAt_articleId_idx" ON "UnreadArticle"("userId", "feedId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "UnreadArticle_articleId_idx" ON "UnreadArticle"("articleId");
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "UnreadArticle" ADD CONSTRAINT "UnreadArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "LikedArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "LikedArticle_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "LikedArticle_userId_publishedAt_articleId_idx" ON "LikedArticle"("userId", "publishedAt" DESC, "articleId" DESC);
CREATE INDEX "LikedArticle_articleId_idx" ON "LikedArticle"("articleId");
ALTER TABLE "LikedArticle" ADD CONSTRAINT "LikedArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "LikedArticle" ADD CONSTRAINT "LikedArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "StarredArticle" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "StarredArticle_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "StarredArticle_userId_publishedAt_articleId_idx" ON "StarredArticle"("userId", "publishedAt" DESC, "articleId" DESC);
ALTER TABLE "StarredArticle" ADD CONSTRAINT "StarredArticle_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "StarredArticle" ADD CONSTRAINT "StarredArticle_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Down Migration
DROP TABLE "StarredArticle", "LikedArticle", "UnreadArticle";
DROP INDEX "Article_searchVector_idx";
ALTER TABLE "Article" DROP COLUMN "searchVector";
CREATE TABLE "ArticleState" (
  "userId" UUID NOT NULL,
  "articleId" UUID NOT NULL,
  "isRead" BOOLEAN NOT NULL DEFAULT false,
  "readAt" TIMESTAMPTZ(3),
  "isLiked" BOOLEAN NOT NULL DEFAULT false,
  "likedAt" TIMESTAMPTZ(3),
  "starred" BOOLEAN NOT NULL DEFAULT false,
  "starredAt" TIMESTAMPTZ(3),
  CONSTRAINT "ArticleState_pkey" PRIMARY KEY ("userId", "articleId")
);
CREATE INDEX "ArticleState_articleId_isLiked_idx" ON "ArticleState"("articleId", "isLiked");
CREATE INDEX "ArticleState_userId_isLiked_likedAt_idx" ON "ArticleState"("userId", "isLiked", "likedAt");
ALTER TABLE "ArticleState" ADD CONSTRAINT "ArticleState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ArticleState" ADD CONSTRAINT "ArticleState_articleId_fkey" FOREIGN KEY ("articleId") REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE;
