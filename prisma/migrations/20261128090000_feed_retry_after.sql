-- Up Migration
-- The time before which a feed's server asked not to be fetched again (a 429 or 503 with Retry-After). Every fetch
-- path reads it: the schedule, a refresh of one feed or of all of them; the subscription shows it.
ALTER TABLE "Feed" ADD COLUMN "retryAfterUntil" TIMESTAMPTZ(3);

-- Down Migration
ALTER TABLE "Feed" DROP COLUMN "retryAfterUntil";
