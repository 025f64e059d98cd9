-- Up Migration
-- Newsletters: each reader's inbound addresses, the feed kind of a sender's messages, and an issue's unsubscribe address.
ALTER TYPE "FeedKind" ADD VALUE 'newsletter';

CREATE TABLE "InboundAddress" (
  "key" TEXT NOT NULL,
  "userId" UUID NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expiresAt" TIMESTAMPTZ(3),
  CONSTRAINT "InboundAddress_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "InboundAddress_userId_idx" ON "InboundAddress"("userId");
ALTER TABLE "InboundAddress" ADD CONSTRAINT "InboundAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Article" ADD COLUMN "unsubscribeUrl" TEXT;

-- Down Migration
ALTER TABLE "Article" DROP COLUMN "unsubscribeUrl";
DROP TABLE "InboundAddress";
-- A value cannot be dropped from an enum type: "newsletter" stays in "FeedKind".
