/** Said under an article whose feed gave only an excerpt. */
export const EXCERPT_NOTE = 'This feed provides only an excerpt; the full article is at the link above.';
/** Said where an image could not be had within the limits (images.ts). */
export const IMAGE_DROPPED_NOTE = 'Image not included (unavailable or too large).';
