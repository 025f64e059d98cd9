import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { recordShare, shareableArticle, shareFields } from '../social/shares.ts';
import { findOwnHighlight } from './highlights.ts';

/**
 * Shares one of the viewer's highlights as a quote, with an optional note, with their followers or publicly (the one
 * share-visibility rule of every share): it appears in their followers' Shared list and the article's conversation
 * as a quote, and a public one in the public RSS feeds. Sharing it again updates that share; the viewer's other
 * shares of the article stay as they are.
 */
export async function shareHighlight(services: Services, viewer: Viewer, highlightId: unknown, input: unknown) {
  const fields = parseInput(shareFields, input ?? {});
  const highlight = await findOwnHighlight(services, viewer, highlightId);
  const article = await shareableArticle(services, highlight.articleId, fields.isPublic);
  return recordShare(services, viewer, fields, async () => article, { highlightId: highlight.id, quote: highlight.exact });
}
