import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { encodeKeyset } from '../core/keyset.ts';
import type { Services, Viewer } from '../core/services.ts';
import { ARTICLE_PAGE_MAX, articleId, type ArticleQuery } from './articleQuery.ts';
import { articleRowsSql } from './articleListSql.ts';
import { loadArticleViews, type ArticleView } from './articleView.ts';
import { countCircle, listCircle } from './circleList.ts';

export type ArticlePage = {
  articles: ArticleView[];
  /** Each article's cursor, for `after`. */
  cursors: string[];
  hasNextPage: boolean;
  endCursor: string | null;
};

/**
 * One page of a list, with the views of its articles, in a single statement (a search of the unread, liked or starred
 * list reads in it how far back that list reaches, and stops there). Every page is planned once per
 * connection, wherever it starts (loadArticleViews): planning the statement for a deep page's values took 6–7 ms of its
 * 10–15 at 1 M articles, and each list's plan reads its rows by the same index range from any cursor (figures:
 * docs/performance.md, "Deep pages planned once").
 */
export async function listArticles(services: Services, query: ArticleQuery): Promise<ArticlePage> {
  if (query.filter === 'circle') return listCircle(services, query, query.circleAfter ?? null);
  const rows = await loadArticleViews(services, query.viewerId, {
    page: articleRowsSql(query, statementRows(query.first)),
    located: query.search !== null,
  });
  const articles = rows.slice(0, query.first);
  const cursors = articles.map((article) => encodeKeyset({ time: article.publishedAt, id: article.id }));
  return {
    articles,
    cursors,
    hasNextPage: rows.length > query.first,
    endCursor: cursors.at(-1) ?? null,
  };
}

/**
 * The page sizes a list's statement is written for (its row limit is part of its text, see articleListSql.ts): a
 * page of another size reads the next one's rows and keeps its own, so each connection keeps a few plans of each list
 * rather than one for every size a client asks for (a search's plan holds 2–3 MB of the connection's memory).
 */
const STATEMENT_PAGE_SIZES = [1, 10, 30, 60, ARTICLE_PAGE_MAX];

/** The rows a page of `first` articles reads: its statement's page size, and one more to tell whether a next page exists. */
function statementRows(first: number): number {
  return (STATEMENT_PAGE_SIZES.find((size) => size >= first) ?? first) + 1;
}

/** The most a count can be asked to stop at (`countArticles`). */
export const ARTICLE_COUNT_UP_TO_MAX = 10_000;

const COUNT_UP_TO_MESSAGE = `upTo must be a whole number from 1 to ${ARTICLE_COUNT_UP_TO_MAX}`;
const countInput = z.object({
  upTo: z
    .number({ error: COUNT_UP_TO_MESSAGE })
    .int({ error: COUNT_UP_TO_MESSAGE })
    .min(1, { error: COUNT_UP_TO_MESSAGE })
    .max(ARTICLE_COUNT_UP_TO_MAX, { error: COUNT_UP_TO_MESSAGE })
    .nullable(),
});

/**
 * How many articles the whole list holds (every page, whatever `after` says). With `upTo`, counting stops past it:
 * the answer is then at most upTo + 1, and more than upTo says "more than upTo". A search reads as its pages do, as
 * far as that many rows, and another list any that many of its rows, where a whole count reads every row (a search of
 * a common word: every match in the viewer's feeds, 0.4–0.65 s at 1 M articles; All of everything 0.35–0.45 s).
 */
export async function countArticles(services: Services, query: ArticleQuery, upTo: unknown = null): Promise<number> {
  const { upTo: most } = parseInput(countInput, { upTo });
  if (query.filter === 'circle') {
    return countCircle(services, query.viewerId, most);
  }
  const whole = { ...query, after: null };
  const rows =
    most === null
      ? articleRowsSql(whole, null)
      : query.search === null
        ? // Any upTo + 1 of the list's rows say "more than upTo": read unordered, the first feeds' rows are enough.
          Prisma.sql`SELECT * FROM (${articleRowsSql(whole, null)}) rows LIMIT ${most + 1}`
        : articleRowsSql(whole, most + 1);
  const [row] = await services.readDb.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM (${rows}) rows`;
  return row?.count ?? 0;
}

/** Any article by id, as the viewer sees it (shares link to feeds the viewer may not follow). */
export async function getArticle(
  services: Services,
  viewer: Viewer,
  id: unknown,
  options: { content?: boolean } = {},
): Promise<ArticleView> {
  const [view] = await loadArticleViews(services, viewer.id, { ids: [articleId(id)] }, options);
  if (!view) throw new NotFoundError('Article not found');
  return view;
}
