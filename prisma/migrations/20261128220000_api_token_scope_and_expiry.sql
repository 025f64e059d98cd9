-- Up Migration
-- What a personal API token may do: everything a token may (`full`), or only the bookmarklet's page actions (look
-- for feeds on a page, subscribe to one, share the page), which every page it runs on could read.
CREATE TYPE "ApiTokenScope" AS ENUM ('full', 'bookmarklet');
ALTER TABLE "ApiToken" ADD COLUMN "scope" "ApiTokenScope" NOT NULL DEFAULT 'full';
-- When the token stops working, if its owner gave it an end when making it (null: never).
ALTER TABLE "ApiToken" ADD COLUMN "expiresAt" TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE "ApiToken" DROP COLUMN "expiresAt";
ALTER TABLE "ApiToken" DROP COLUMN "scope";
DROP TYPE "ApiTokenScope";
