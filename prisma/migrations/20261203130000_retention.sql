-- Up Migration
-- Retention: the administrator's choice of how long articles stay and how many of each feed always stay (null: the
-- environment's defaults).
ALTER TABLE "InstanceConfig" ADD COLUMN "retentionDays" INTEGER;
ALTER TABLE "InstanceConfig" ADD COLUMN "retentionKeepPerFeed" INTEGER;

-- Down Migration
ALTER TABLE "InstanceConfig" DROP COLUMN "retentionKeepPerFeed";
ALTER TABLE "InstanceConfig" DROP COLUMN "retentionDays";
