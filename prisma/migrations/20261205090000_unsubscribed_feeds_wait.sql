-- Up Migration
-- A feed nobody subscribes to is not fetched, but its due date stayed in the past: it sat at the head of
-- "Feed_due_idx", and every run of the fan-out (jobs/tasks/enqueue_due_feeds.ts) read past all of them before the
-- first feed it could queue. The fan-out now sets such a feed's next fetch to 9999-12-31 (it "waits for a
-- subscriber"); a subscription to it, made any way (the app, OPML, the sync APIs), makes it due at once.
CREATE FUNCTION feeds_due_on_first_subscriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Feed" f SET "nextFetchAt" = now()
  FROM (SELECT DISTINCT "feedId" FROM added ORDER BY "feedId") a
  WHERE f.id = a."feedId" AND f."nextFetchAt" = '9999-12-31T00:00:00Z';
  RETURN NULL;
END $$;
CREATE TRIGGER feeds_due_on_first_subscriber AFTER INSERT ON "Subscription"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION feeds_due_on_first_subscriber();

-- Down Migration
DROP TRIGGER feeds_due_on_first_subscriber ON "Subscription";
DROP FUNCTION feeds_due_on_first_subscriber();
UPDATE "Feed" SET "nextFetchAt" = now() WHERE "nextFetchAt" = '9999-12-31T00:00:00Z';
