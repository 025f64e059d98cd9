/** Spec part 1 §9: a comment holds at most 5000 characters (the server refuses more: api/src/domain/social/comments.ts). */
export { COMMENT_MAX } from '@tidings/api/limits';
