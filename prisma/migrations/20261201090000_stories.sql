-- Up Migration
-- One story, several copies: the articles of different feeds that tell the same story share "storyId" (the id of
-- the story's first copy); an article no other copy has joined keeps it null, so the common case costs nothing.
-- "storyKept": an administrator split the article off a story, and no later pass joins it to another.
ALTER TABLE "Article" ADD COLUMN "storyId" UUID;
ALTER TABLE "Article" ADD COLUMN "storyKept" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "Article_storyId_idx" ON "Article" ("storyId");
-- What each article is matched to other copies by, beside it rather than in it (the list reads "Article" for every
-- row): its canonical address, its GUID when that names the story anywhere (a permalink, a tag: or urn: URI), and
-- the MinHash signature of its opening text with the signature's band hashes, found through a GIN index.
CREATE TABLE "StoryKey" (
  "articleId" UUID NOT NULL PRIMARY KEY REFERENCES "Article"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "feedId" UUID NOT NULL,
  "publishedAt" TIMESTAMPTZ(3) NOT NULL,
  "address" TEXT,
  "guid" TEXT,
  "signature" INTEGER[] NOT NULL DEFAULT '{}',
  "bands" INTEGER[] NOT NULL DEFAULT '{}',
  "shingles" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX "StoryKey_address_idx" ON "StoryKey" USING hash ("address");
CREATE INDEX "StoryKey_guid_idx" ON "StoryKey" USING hash ("guid");
CREATE INDEX "StoryKey_bands_idx" ON "StoryKey" USING gin ("bands");
-- Grouping is on by default; a reader who wants every copy in the list turns it off.
ALTER TABLE "User" ADD COLUMN "groupStories" BOOLEAN NOT NULL DEFAULT true;

-- Down Migration
ALTER TABLE "User" DROP COLUMN "groupStories";
DROP TABLE "StoryKey";
DROP INDEX "Article_storyId_idx";
ALTER TABLE "Article" DROP COLUMN "storyKept";
ALTER TABLE "Article" DROP COLUMN "storyId";
