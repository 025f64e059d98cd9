-- Up Migration
-- The fan-out (jobs/tasks/enqueue_due_feeds.ts) reads the fetched feeds that are due in the order they fell due, up to
-- the room left in the queue. With the fetched kind in the predicate and the id in the key it reads them from this
-- index alone (an index-only scan that stops at the room left), where the plain index on nextFetchAt had it visit each
-- due row, or, with a large share of 100,000 feeds due, read the whole table (docs/benchmarks.md, "100,000 feeds").
-- Nothing else reads feeds by nextFetchAt, so this index replaces that one.
DROP INDEX "Feed_nextFetchAt_idx";
CREATE INDEX "Feed_due_idx" ON "Feed"("nextFetchAt", "id") WHERE "kind" = 'feed';

-- Down Migration
DROP INDEX "Feed_due_idx";
CREATE INDEX "Feed_nextFetchAt_idx" ON "Feed"("nextFetchAt");
