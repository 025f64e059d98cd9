-- Up Migration
-- The Google Reader and Fever APIs (issue 22) name items, feeds and folders by number: each gets one, given in
-- order of creation. The Fever API signs in with md5("username:apipassword"), which cannot be derived from the
-- stored hash of the API token: its own SHA-256 is stored when the token is made.
ALTER TABLE "Article" ADD COLUMN "syncId" BIGSERIAL NOT NULL;
ALTER TABLE "Feed" ADD COLUMN "syncId" BIGSERIAL NOT NULL;
ALTER TABLE "Folder" ADD COLUMN "syncId" BIGSERIAL NOT NULL;
ALTER TABLE "ApiToken" ADD COLUMN "feverKeyHash" TEXT;

CREATE UNIQUE INDEX "Article_syncId_key" ON "Article"("syncId");
-- Fever's items walk a user's feeds by number (since_id, max_id), one short range per feed.
CREATE INDEX "Article_feedId_syncId_idx" ON "Article"("feedId", "syncId");
CREATE UNIQUE INDEX "Feed_syncId_key" ON "Feed"("syncId");
CREATE UNIQUE INDEX "Folder_syncId_key" ON "Folder"("syncId");
CREATE UNIQUE INDEX "ApiToken_feverKeyHash_key" ON "ApiToken"("feverKeyHash");
