-- Up Migration
-- The instance digest reads one week of likes, stars and new feeds across all users; without these, each is a scan
-- of the whole table (a million likes on a large instance) for every instance digest of the week.
CREATE INDEX "LikedArticle_createdAt_idx" ON "LikedArticle"("createdAt");
CREATE INDEX "StarredArticle_createdAt_idx" ON "StarredArticle"("createdAt");
CREATE INDEX "Feed_createdAt_idx" ON "Feed"("createdAt");
