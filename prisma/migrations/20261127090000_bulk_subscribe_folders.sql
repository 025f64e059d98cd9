-- Up Migration
-- OPML import subscribes through the bulk path: each address may go into one of the importer's folders.
ALTER TABLE "BulkSubscribeJob" ADD COLUMN "folderByAddress" JSONB NOT NULL DEFAULT '{}';
