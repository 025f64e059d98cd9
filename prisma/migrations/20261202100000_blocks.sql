-- Up Migration
-- Blocking a person: a block implies a mute, so it is a Mute row too, and every rule that keeps a muted person out
-- (shares, comments, notifications, the Circle view) keeps a blocked one out unchanged. "explicit" says the muter
-- muted them themselves (a row made by a block alone says false, and unblocking deletes it); "blockedAt" says when
-- they were blocked, or null. The new index lists a person's blocks newest first.
ALTER TABLE "Mute" ADD COLUMN "explicit" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Mute" ADD COLUMN "blockedAt" TIMESTAMPTZ(3);
CREATE INDEX "Mute_muterId_blockedAt_mutedId_idx" ON "Mute"("muterId", "blockedAt" DESC, "mutedId" DESC);

-- Down Migration
DROP INDEX "Mute_muterId_blockedAt_mutedId_idx";
DELETE FROM "Mute" WHERE NOT "explicit";
ALTER TABLE "Mute" DROP COLUMN "blockedAt";
ALTER TABLE "Mute" DROP COLUMN "explicit";
