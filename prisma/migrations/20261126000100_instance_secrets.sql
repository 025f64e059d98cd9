-- Up Migration
-- Secrets the instance makes for itself on first use (the media proxy's signing key), shared by every replica.
CREATE TABLE "InstanceSecret" (
  "name" TEXT NOT NULL,
  "value" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "InstanceSecret_pkey" PRIMARY KEY ("name")
);

-- Down Migration
DROP TABLE "InstanceSecret";
