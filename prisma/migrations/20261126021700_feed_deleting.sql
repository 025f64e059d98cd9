-- Up Migration
-- A feed an administrator deleted whose articles the delete_feed job is still removing in batches (deleting 100,000
-- articles at once takes minutes: every one cascades into 32 partitions of UnreadArticle).
ALTER TYPE "FeedKind" ADD VALUE 'deleting';
