-- Up Migration
-- A person's comments by date: the Circle view reads the week of comments of each person a reader follows
-- (domain/articles/circleList.ts). It also serves what the index on "userId" alone did.
CREATE INDEX "Comment_userId_createdAt_idx" ON "Comment"("userId", "createdAt" DESC);
DROP INDEX "Comment_userId_idx";

-- Down Migration
CREATE INDEX "Comment_userId_idx" ON "Comment"("userId");
DROP INDEX "Comment_userId_createdAt_idx";
