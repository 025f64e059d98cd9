-- Up Migration
-- Pages shared from the web (not from any feed) are articles of one per-instance feed of kind 'web_pages', which is
-- never fetched, subscribed to or listed; each such article keeps the site it came from.
CREATE TYPE "FeedKind" AS ENUM ('feed', 'web_pages');
ALTER TABLE "Feed" ADD COLUMN "kind" "FeedKind" NOT NULL DEFAULT 'feed';
ALTER TABLE "Article" ADD COLUMN "siteName" TEXT;
-- Sharing a page by its address looks for an article with that address in the sharer's feeds. Hash, not B-tree:
-- an address may be longer than a B-tree entry allows.
CREATE INDEX "Article_url_idx" ON "Article" USING HASH ("url");
