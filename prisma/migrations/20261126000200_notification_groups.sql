-- Up Migration
-- Grouped notifications (issue 15): mentions in one article's comments and follows share a key, so the list
-- shows one row per key, headed by its newest member.
ALTER TABLE "Notification" ADD COLUMN "groupKey" TEXT;

UPDATE "Notification" AS n SET "groupKey" = 'comment_mention:' || c."articleId"
FROM "Comment" AS c
WHERE n."type" = 'comment_mention' AND c."id" = n."commentId";

UPDATE "Notification" SET "groupKey" = 'new_follower' WHERE "type" = 'new_follower';

-- Reset notifications written before the link field carried the URL in their text; no view may print it.
UPDATE "Notification"
SET "link" = substring("content" FROM 'https?://\S+'),
    "content" = 'Reset your password with the button below (valid for one hour).'
WHERE "type" = 'password_reset' AND "link" IS NULL AND "content" ~ 'https?://';

-- The list walks a user's notifications newest first and asks of each grouped one whether a newer member exists.
CREATE INDEX "Notification_userId_id_idx" ON "Notification"("userId", "id" DESC);
CREATE INDEX "Notification_userId_groupKey_id_idx" ON "Notification"("userId", "groupKey", "id" DESC);
