-- Up Migration
-- Personal API tokens (reader apps, the browser extension, the bookmarklet) and each user's digest preferences.
CREATE TABLE "ApiToken" (
  "id" UUID NOT NULL,
  "userId" UUID NOT NULL,
  "name" VARCHAR(100) NOT NULL,
  "tokenHash" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "lastUsedAt" TIMESTAMPTZ(3),
  CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "DigestType" AS ENUM ('personal', 'instance');
ALTER TABLE "User"
  ADD COLUMN "digestEnabled" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "digestType" "DigestType" NOT NULL DEFAULT 'personal',
  ADD COLUMN "emailDigests" BOOLEAN NOT NULL DEFAULT true;
