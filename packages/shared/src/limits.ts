/**
 * The length limits of what people write, in one place for every side: the API's zod schemas refuse more, and the
 * web app and the extension read the same numbers for their fields' `maxLength`, counters and checks. A leaf module:
 * it imports nothing, so a bundle takes only these numbers.
 */

/** A share's note. */
export const SHARE_NOTE_MAX = 1000;
/** A comment's text. */
export const COMMENT_MAX = 5000;
/** The most people one comment or share note may mention: each is a notification, so a text cannot reach a crowd. */
export const MENTIONS_MAX = 20;
/** A folder's name. */
export const FOLDER_NAME_MAX = 100;
/** A user's display name (optional). */
export const DISPLAY_NAME_MAX = 50;
/** The viewer's own title for a subscription. */
export const SUBSCRIPTION_TITLE_MAX = 200;
/** A username. */
export const USERNAME_MAX = 30;
/** A password, at least and at most. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** A personal API token's name. */
export const API_TOKEN_NAME_MAX = 100;
/** How many personal API tokens one user may hold at once. */
export const API_TOKENS_PER_USER = 50;
/** The instance's name (admin configuration), shown in page titles, the public feed and e-mails. */
export const INSTANCE_NAME_MAX = 50;
/** The instance's description (admin configuration). */
export const INSTANCE_DESCRIPTION_MAX = 500;
/** The largest user limit an administrator may set (0 is unlimited). */
export const MAX_USERS_LIMIT = 1_000_000;
/** The time ranges an export may cover, in days back from now; the first is the default. */
export const EXPORT_DAYS = [7, 14, 30, 60, 90, 365] as const;
