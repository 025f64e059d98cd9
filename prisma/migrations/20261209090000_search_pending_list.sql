-- Up Migration
-- The search index keeps a pending list half the size of PostgreSQL's default (issue 47; figures:
-- docs/performance.md, "The search index's pending list at 2 MB"). New articles' entries wait in the list until it
-- passes gin_pending_list_limit, and every scan of the index reads the whole list, checking each of its articles
-- against every word, week and feed the scan asks for: a search page runs several scans, each over a reader's 50–500
-- feeds. At 1 M articles, with the list half full, 4 MB made the search pages' median p50 18–20 ms against 13–16 with
-- 2 MB and 13–14 with an empty list; storing 4,000 articles in one statement cost a median 1.15 ms each with 4 MB,
-- 1.21 with 2 MB and 1.60 with 1 MB (a smaller list is merged into the index in smaller batches, whose words repeat
-- less).
ALTER INDEX "Article_search_idx" SET (gin_pending_list_limit = 2048);

-- Down Migration
ALTER INDEX "Article_search_idx" RESET (gin_pending_list_limit);
