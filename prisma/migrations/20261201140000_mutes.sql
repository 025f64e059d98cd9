-- Up Migration
-- A person the muter no longer hears from. The primary key answers "is this person muted by the viewer" (the share
-- rule, comments, notifications); the muter's index lists their mutes newest first; the muted one's serves the cascade.
CREATE TABLE "Mute" (
  "muterId" UUID NOT NULL,
  "mutedId" UUID NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Mute_pkey" PRIMARY KEY ("muterId", "mutedId")
);
CREATE INDEX "Mute_muterId_createdAt_mutedId_idx" ON "Mute"("muterId", "createdAt" DESC, "mutedId" DESC);
CREATE INDEX "Mute_mutedId_idx" ON "Mute"("mutedId");
ALTER TABLE "Mute" ADD CONSTRAINT "Mute_muterId_fkey" FOREIGN KEY ("muterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Mute" ADD CONSTRAINT "Mute_mutedId_fkey" FOREIGN KEY ("mutedId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Down Migration
DROP TABLE "Mute";
