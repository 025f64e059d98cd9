import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../domain/core/errors.ts';
import { parseItemId } from '../../domain/sync/itemIds.ts';
import { STREAM_CONTENTS_MAX, STREAM_IDS_MAX, streamArticles } from '../../domain/sync/streams.ts';
import { loadSyncItems, loadSyncItemsByNumber } from '../../domain/sync/syncItems.ts';
import { requireViewer } from '../handler.ts';
import { itemsBody } from './items.ts';
import { callParams, integerParam, secondsParam } from '../syncParams.ts';
import { READING_LIST, stateOf, streamSource } from './streamIds.ts';

const DEFAULT_COUNT = 20;

/** The stream request of a call's parameters: s, n, c, r=o, ot, nt, and xt/it of read, unread and starred. */
function streamInput(streamId: string, params: URLSearchParams) {
  const targets = (name: string) => params.getAll(name).map(stateOf);
  const excluded = targets('xt');
  const included = targets('it');
  const read =
    included.includes('read') || excluded.includes('unread')
      ? true
      : excluded.includes('read') || included.includes('unread')
        ? false
        : null;
  const starred = included.includes('starred') ? true : excluded.includes('starred') ? false : null;
  return {
    source: streamSource(streamId),
    read,
    starred,
    oldestFirst: params.get('r') === 'o',
    newerThan: secondsParam(params, 'ot'),
    olderThan: secondsParam(params, 'nt'),
    continuation: params.get('c'),
    count: integerParam(params, 'n') ?? DEFAULT_COUNT,
  };
}

/** The stream of stream/contents and the Atom stream: in the path (…/contents/feed%2F12) or, without one, `s` (else the reading list). */
function pathStreamId(request: FastifyRequest<{ Params: { '*'?: string } }>, params: URLSearchParams): string {
  const inPath = request.params['*'];
  if (!inPath) return params.get('s') ?? READING_LIST;
  // Clients encode the stream's slashes or not (feed%2F12, feed/12); a '%' that encodes nothing stays as it is.
  try {
    return decodeURIComponent(inPath);
  } catch {
    return inPath;
  }
}

/**
 * One page of a stream's items as stream/contents and the Atom stream read it (the stream in the path or `s`),
 * which then differ only in how they write it.
 */
export async function streamContents(request: FastifyRequest<{ Params: { '*'?: string } }>) {
  const params = callParams(request);
  const streamId = pathStreamId(request, params);
  const viewer = requireViewer(request);
  const page = await streamArticles(request.context.services, viewer, streamInput(streamId, params), STREAM_CONTENTS_MAX);
  const items = await loadSyncItems(
    request.context.services,
    viewer,
    page.articles.map((article) => article.id),
  );
  return { streamId, items, continuation: page.continuation };
}

export async function streamRoutes(app: FastifyInstance): Promise<void> {
  app.get('/stream/items/ids', async (request) => {
    const params = callParams(request);
    const streamId = params.get('s');
    if (!streamId) throw new InvalidInputError('s (the stream) is required');
    const page = await streamArticles(request.context.services, requireViewer(request), streamInput(streamId, params), STREAM_IDS_MAX);
    return {
      itemRefs: page.articles.map((article) => ({ id: String(article.syncId) })),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    };
  });

  const contents = async (request: FastifyRequest<{ Params: { '*'?: string } }>) => {
    const { streamId, items, continuation } = await streamContents(request);
    return itemsBody(streamId, items, continuation);
  };
  app.get('/stream/contents', contents);
  app.get('/stream/contents/*', contents);

  // The items named by `i` (long or short ids, repeated), in the order asked; ids of no item of the viewer are left out.
  app.route({
    method: ['GET', 'POST'],
    url: '/stream/items/contents',
    handler: async (request) => {
      const params = callParams(request);
      const numbers = params.getAll('i').map(parseItemId);
      if (numbers.length === 0 || numbers.includes(null)) throw new InvalidInputError('i must name items');
      if (numbers.length > STREAM_CONTENTS_MAX) throw new InvalidInputError(`Ask for at most ${STREAM_CONTENTS_MAX} items at once`);
      const items = await loadSyncItemsByNumber(request.context.services, requireViewer(request), numbers as bigint[]);
      if (params.get('r') === 'o') items.reverse();
      return itemsBody(READING_LIST, items);
    },
  });
}
