-- Up Migration
-- The instance's own settings, edited in the admin panel (spec part 2 §3 Instance config): one row, id 1.
CREATE TABLE "InstanceConfig" (
  "id" INTEGER NOT NULL DEFAULT 1,
  "name" TEXT NOT NULL DEFAULT 'Tidings',
  "description" TEXT NOT NULL DEFAULT '',
  "allowRegistration" BOOLEAN NOT NULL DEFAULT true,
  "maxUsers" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "InstanceConfig_pkey" PRIMARY KEY ("id")
);

INSERT INTO "InstanceConfig" ("id") VALUES (1);

-- Down Migration
DROP TABLE "InstanceConfig";
