-- Up Migration
-- Podcast episodes and videos: the audio and video files an article carries (url, type, length, durationSeconds),
-- and the page where it is discussed (RSS <comments>).
ALTER TABLE "Article" ADD COLUMN "enclosures" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "Article" ADD COLUMN "commentsUrl" TEXT;

-- Down Migration
ALTER TABLE "Article" DROP COLUMN "commentsUrl";
ALTER TABLE "Article" DROP COLUMN "enclosures";
