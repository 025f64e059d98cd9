-- Up Migration
-- The admin panel counts the shares and comments of the last week (insights, weak signals): a range of these
-- indexes, however many older ones there are, instead of reading the whole table.
CREATE INDEX "Share_createdAt_idx" ON "Share"("createdAt");
CREATE INDEX "Comment_createdAt_idx" ON "Comment"("createdAt");
