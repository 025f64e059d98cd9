import type { FastifyInstance } from 'fastify';
import { ARTICLE_FILTERS, articleQuery, type ArticleFilter } from '../domain/articles/articleQuery.ts';
import {
  likeArticle,
  markAllArticlesRead,
  markArticleRead,
  markArticleUnread,
  starArticle,
  unlikeArticle,
  unstarArticle,
} from '../domain/articles/articleState.ts';
import type { ArticleView } from '../domain/articles/articleView.ts';
import { getArticle, listArticles } from '../domain/articles/listArticles.ts';
import { InvalidInputError } from '../domain/core/errors.ts';
import { loadFullText } from '../domain/fullText/loadFullText.ts';
import type { Services, Viewer } from '../domain/core/services.ts';
import { requireViewer } from './handler.ts';
import { articleJson } from './serialize.ts';

type IdParams = { Params: { id: string } };
type ListQuery = { Querystring: Record<string, string | undefined> };
type StateChange = (services: Services, viewer: Viewer, id: unknown) => Promise<ArticleView>;

/** Articles: the list, one article, its full text on demand, read, star and like on and off, and mark-all-read. */
export async function articleRoutes(app: FastifyInstance): Promise<void> {
  app.get<ListQuery>('/articles', async (request) => {
    const { limit, feedId, folderId, search, beforeDate, cursor, groupStories } = request.query;
    const query = await articleQuery(request.context.services, requireViewer(request), {
      filter: listFilter(request.query),
      feedId,
      folderId,
      search,
      beforeDate,
      after: cursor,
      // An empty limit= means the default page size, as an empty feedId= or search= means none.
      first: limit === undefined || limit === '' ? undefined : Number(limit),
      groupStories: booleanParam(groupStories, 'groupStories'),
    });
    const page = await listArticles(request.context.services, query);
    return { articles: page.articles.map(articleJson), nextCursor: page.hasNextPage ? page.endCursor : null };
  });

  app.post<ListQuery>('/articles/mark-all-read', async (request) => {
    const { feedId, folderId, beforeDate } = request.query;
    return markAllArticlesRead(request.context.services, requireViewer(request), { feedId, folderId, beforeDate });
  });

  app.get<IdParams>('/articles/:id', async (request) => ({
    article: articleJson(await getArticle(request.context.services, requireViewer(request), request.params.id, { content: true })),
  }));

  // Answers the full text's state itself: `done` with the content, `failed` with the reason, or `pending`.
  app.post<IdParams>('/articles/:id/full-text', async (request) =>
    loadFullText(request.context.services, requireViewer(request), request.params.id),
  );

  const states: [path: string, set: StateChange, unset: StateChange][] = [
    ['read', markArticleRead, markArticleUnread],
    ['like', likeArticle, unlikeArticle],
    ['star', starArticle, unstarArticle],
  ];
  for (const [path, set, unset] of states) {
    app.post<IdParams>(`/articles/:id/${path}`, async (request) => ({
      article: articleJson(await set(request.context.services, requireViewer(request), request.params.id)),
    }));
    app.delete<IdParams>(`/articles/:id/${path}`, async (request) => ({
      article: articleJson(await unset(request.context.services, requireViewer(request), request.params.id)),
    }));
  }
}

/**
 * A client sends one of unread=true, liked=true, starred=true or filter=circle, or none to list all; two at once
 * are refused. `filter` names only the Circle view: the other lists keep their flags.
 */
function listFilter(query: Record<string, string | undefined>): ArticleFilter {
  const chosen = (['unread', 'liked', 'starred'] as const).filter((name) => booleanParam(query[name], name) === true);
  if (chosen.length > 1) throw new InvalidInputError('Choose one of unread, liked or starred');
  const filter = query.filter;
  if (filter === undefined || filter === '') return chosen[0] ?? 'all';
  if (!(ARTICLE_FILTERS as readonly string[]).includes(filter))
    throw new InvalidInputError(`filter must be one of ${ARTICLE_FILTERS.join(', ')}`);
  if (chosen.length > 0) throw new InvalidInputError('Use filter= or the unread, liked and starred flags, not both');
  return filter as ArticleFilter;
}

/** A true/false query parameter: absent or empty is null (the default applies); anything else is a 400. */
function booleanParam(value: string | undefined, name: string): boolean | null {
  if (value === undefined || value === '') return null;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new InvalidInputError(`${name} must be true or false`);
}
