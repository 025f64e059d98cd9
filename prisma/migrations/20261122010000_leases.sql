-- Up Migration
CREATE TABLE "Lease" (
  "key" TEXT NOT NULL,
  "expiresAt" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "Lease_pkey" PRIMARY KEY ("key")
);

-- Down Migration
DROP TABLE "Lease";
