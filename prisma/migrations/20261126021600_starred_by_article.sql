-- Up Migration
-- Deleting an article (with its feed, from the admin panel) cascades to its stars: without this index each deleted
-- article scanned the whole table, and a feed of 100,000 articles did not finish in ten minutes.
CREATE INDEX "StarredArticle_articleId_idx" ON "StarredArticle"("articleId");
