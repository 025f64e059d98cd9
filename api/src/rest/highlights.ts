import type { FastifyInstance } from 'fastify';
import { exportHighlights } from '../domain/highlights/exportHighlights.ts';
import {
  createHighlight,
  deleteHighlight,
  listArticleHighlights,
  listHighlights,
  updateHighlight,
  type Highlight,
} from '../domain/highlights/highlights.ts';
import { shareHighlight } from '../domain/highlights/shareHighlight.ts';
import { noContent, requireViewer } from './handler.ts';
import { shareRefJson } from './serialize.ts';

type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: Record<string, string | undefined> };

/** A highlight: its W3C selectors (quote, and position when known) and its note. */
export function highlightJson(highlight: Highlight) {
  const { id, articleId, exact, prefix, suffix, start, end, note, createdAt, updatedAt } = highlight;
  return { id, articleId, exact, prefix, suffix, start, end, note, createdAt, updatedAt };
}

/** Highlights: an article's, the viewer's all (searchable), made, noted, shared as quotes and deleted, and exported. */
export async function highlightRoutes(app: FastifyInstance): Promise<void> {
  app.post<IdParams>('/articles/:id/highlights', async (request, reply) => {
    const highlight = await createHighlight(request.context.services, requireViewer(request), request.params.id, request.body);
    return reply.code(201).send(highlightJson(highlight));
  });

  app.get<IdParams>('/articles/:id/highlights', async (request) => ({
    highlights: (await listArticleHighlights(request.context.services, requireViewer(request), request.params.id)).map(highlightJson),
  }));

  app.get<ListQuery>('/highlights', async (request) => {
    const { limit, cursor, search } = request.query;
    const page = await listHighlights(request.context.services, requireViewer(request), {
      first: limit === undefined || limit === '' ? undefined : limit,
      after: cursor,
      search,
    });
    return {
      highlights: page.items.map((highlight) => ({ ...highlightJson(highlight), article: highlight.article })),
      nextCursor: page.hasNextPage ? page.endCursor : null,
    };
  });

  app.get<ListQuery>('/highlights/export', async (request, reply) => {
    const file = await exportHighlights(request.context.services, requireViewer(request), request.query.format ?? 'markdown');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.text);
  });

  app.patch<IdParams>('/highlights/:id', async (request) =>
    highlightJson(await updateHighlight(request.context.services, requireViewer(request), request.params.id, request.body)),
  );

  app.post<IdParams>('/highlights/:id/share', async (request) => ({
    share: shareRefJson(await shareHighlight(request.context.services, requireViewer(request), request.params.id, request.body)),
  }));

  app.delete<IdParams>('/highlights/:id', async (request, reply) => {
    await deleteHighlight(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
