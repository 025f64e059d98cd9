-- Up Migration
-- The version of the story matching rules (domain/stories STORY_RULES_VERSION) the recent articles were matched
-- with: when the worker starts with other rules, a background pass matches the last days again and records its own.
-- 0: never matched by a pass (articles stored before stories, or a new instance), so the first start runs one.
ALTER TABLE "InstanceConfig" ADD COLUMN "storyRulesVersion" INTEGER NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE "InstanceConfig" DROP COLUMN "storyRulesVersion";
