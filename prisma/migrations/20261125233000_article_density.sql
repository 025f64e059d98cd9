-- Up Migration
-- The article list's density (issue 15), a per-user preference that follows the user across devices.
CREATE TYPE "ArticleDensity" AS ENUM ('cards', 'compact');
ALTER TABLE "User" ADD COLUMN "articleDensity" "ArticleDensity" NOT NULL DEFAULT 'cards';
