/**
 * The version of the story matching rules and keys. Bump it when a change to the rules or to how keys are computed
 * (canonicalAddress, guidStoryKey, textKey, sameStory, titleGuards …) should be applied to recent articles: the
 * worker's next start then matches the last STORY_REMATCH_DAYS again (rematchStories.ts).
 */
export const STORY_RULES_VERSION = 2;
/** How far back that pass goes: the text rule's window, within which new copies still arrive. */
export const STORY_REMATCH_DAYS = 3;
