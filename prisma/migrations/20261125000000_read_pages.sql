-- Up Migration
-- Keyset pages of follows, comments and an article's shares: each page is one range of one index, newest first.
CREATE INDEX "Follow_followerId_createdAt_followingId_idx" ON "Follow"("followerId", "createdAt" DESC, "followingId" DESC);
DROP INDEX "Follow_followingId_idx";
CREATE INDEX "Follow_followingId_createdAt_followerId_idx" ON "Follow"("followingId", "createdAt" DESC, "followerId" DESC);
DROP INDEX "Comment_articleId_createdAt_idx";
CREATE INDEX "Comment_articleId_createdAt_id_idx" ON "Comment"("articleId", "createdAt" DESC, "id" DESC);
DROP INDEX "Share_articleId_idx";
CREATE INDEX "Share_articleId_createdAt_id_idx" ON "Share"("articleId", "createdAt" DESC, "id" DESC);

-- Down Migration
DROP INDEX "Share_articleId_createdAt_id_idx";
CREATE INDEX "Share_articleId_idx" ON "Share"("articleId");
DROP INDEX "Comment_articleId_createdAt_id_idx";
CREATE INDEX "Comment_articleId_createdAt_idx" ON "Comment"("articleId", "createdAt" DESC);
DROP INDEX "Follow_followingId_createdAt_followerId_idx";
CREATE INDEX "Follow_followingId_idx" ON "Follow"("followingId");
DROP INDEX "Follow_followerId_createdAt_followingId_idx";
