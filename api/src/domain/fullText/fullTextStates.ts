import type { FullTextState } from '../articles/articleView.ts';
import type { Services } from '../core/services.ts';
import { mediaProxyFor } from '../media/mediaProxy.ts';
import { proxyContent } from '../media/proxyContent.ts';

/**
 * The full-text state of each of the articles `ids`, in `ids` order (null where none was ever asked for), with the
 * full article's HTML when read, its media through the proxy as MEDIA_PROXY asks. One statement for all of them.
 */
export async function loadFullTextStates(
  services: Pick<Services, 'db' | 'config'>,
  ids: readonly string[],
): Promise<(FullTextState | null)[]> {
  const [rows, proxy] = await Promise.all([
    services.db.articleFullText.findMany({
      where: { articleId: { in: [...ids] } },
      select: { articleId: true, status: true, content: true, fetchedAt: true, error: true, sourceUrl: true },
    }),
    mediaProxyFor(services),
  ]);
  const byId = new Map(
    rows.map(({ articleId, content, ...state }) => [
      articleId,
      { ...state, ...(state.status === 'done' && { content: proxyContent(content, proxy) }) } satisfies FullTextState,
    ]),
  );
  return ids.map((id) => byId.get(id) ?? null);
}
