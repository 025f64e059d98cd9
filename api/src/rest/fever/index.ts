import type { FastifyError, FastifyInstance } from 'fastify';
import { viewerFromFeverKey } from '../../domain/accounts/apiTokens.ts';
import { refusalOf } from '../../domain/core/errors.ts';
import type { Services, Viewer } from '../../domain/core/services.ts';
import { feverItems, savedItemNumbers, unreadItemNumbers, unreadRecentlyRead } from '../../domain/sync/feverItems.ts';
import { listSyncSubscriptions } from '../../domain/sync/syncSubscriptions.ts';
import { callParams, parseFormBodies, unixSeconds } from '../syncParams.ts';
import { markFromParams } from './marks.ts';
import { feverFeed, feverGroups, feverItem, feedsGroups, numberList, numberParam } from './format.ts';

const API_VERSION = 3;

/**
 * The Fever API at /api/fever/?api: `api_key` (POST form body) is md5("username:apitoken"); every answer is JSON with
 * `api_version` and `auth` (0 for a missing, wrong or revoked key, and nothing more), then what the call asked for
 * (groups, feeds, favicons, items, links, unread_item_ids, saved_item_ids), after its writes (mark, unread_recently_read).
 */
export async function feverApi(app: FastifyInstance): Promise<void> {
  parseFormBodies(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalOf(error);
    const status = refusal ? refusal.status : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unexpected error');
    if (refusal && 'retryAfterSeconds' in refusal) reply.header('retry-after', String(refusal.retryAfterSeconds));
    const message = status === 500 ? 'Something went wrong on our side. Please try again.' : (refusal?.message ?? error.message);
    return reply.code(status).send({ api_version: API_VERSION, auth: 1, error: message });
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/',
    handler: async (request) => {
      const services = request.context.services;
      const params = callParams(request);
      // The key only from the POST form body: one in the query string would sit in logs and histories (ignored: auth 0).
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const viewer = await viewerFromFeverKey(services, form.get('api_key') ?? '');
      if (!viewer) return { api_version: API_VERSION, auth: 0 };
      if (params.has('mark')) await markFromParams(services, viewer, params);
      if (params.has('unread_recently_read')) await unreadRecentlyRead(services, viewer);
      return {
        api_version: API_VERSION,
        auth: 1,
        last_refreshed_on_time: unixSeconds(new Date()),
        ...(await answers(services, viewer, params)),
      };
    },
  });
}

async function answers(services: Services, viewer: Viewer, params: URLSearchParams): Promise<Record<string, unknown>> {
  const answer: Record<string, unknown> = {};
  if (params.has('groups') || params.has('feeds')) {
    const { folders, subscriptions } = await listSyncSubscriptions(services, viewer);
    if (params.has('groups')) answer.groups = feverGroups(folders, subscriptions);
    if (params.has('feeds')) answer.feeds = subscriptions.map(feverFeed);
    answer.feeds_groups = feedsGroups(folders, subscriptions);
  }
  // Tidings keeps no feed icons: clients draw their own.
  if (params.has('favicons')) answer.favicons = [];
  // Fever's "hot links" have no counterpart.
  if (params.has('links')) answer.links = [];
  if (params.has('items')) {
    const withIds = params.get('with_ids');
    const { items, total } = await feverItems(services, viewer, {
      // An empty since_id (Read You's first sync) walks up from the first item, as FreshRSS answers it.
      sinceId: params.get('since_id')?.trim() === '' ? 0n : numberParam(params, 'since_id'),
      maxId: numberParam(params, 'max_id'),
      withIds: withIds === null ? null : numberList(withIds),
    });
    answer.items = items.map(feverItem);
    answer.total_items = total;
  }
  if (params.has('unread_item_ids')) answer.unread_item_ids = (await unreadItemNumbers(services, viewer)).join(',');
  if (params.has('saved_item_ids')) answer.saved_item_ids = (await savedItemNumbers(services, viewer)).join(',');
  return answer;
}
