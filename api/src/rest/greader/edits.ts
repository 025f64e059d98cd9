import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../../domain/core/errors.ts';
import { parseItemId } from '../../domain/sync/itemIds.ts';
import { editItemTags, markAllItemsRead } from '../../domain/sync/syncMarks.ts';
import { requireViewer } from '../handler.ts';
import { callParams, integerParam } from '../syncParams.ts';
import { plainText } from './replies.ts';
import { itemTags, labelOf, stateOf } from './streamIds.ts';

export async function editRoutes(app: FastifyInstance): Promise<void> {
  // a= and r= of read, starred, like and broadcast on the items i= (repeated); other tags change nothing.
  app.post('/edit-tag', async (request, reply) => {
    const params = callParams(request);
    const numbers = params.getAll('i').map(parseItemId);
    if (numbers.length === 0 || numbers.includes(null)) throw new InvalidInputError('i must name items');
    await editItemTags(request.context.services, requireViewer(request), {
      numbers,
      add: itemTags(params.getAll('a')),
      remove: itemTags(params.getAll('r')),
    });
    return plainText(reply, 'OK');
  });

  // s: a feed, a label or the reading list; ts: only items published at or before it (microseconds).
  app.post('/mark-all-as-read', async (request, reply) => {
    const params = callParams(request);
    const streamId = params.get('s') ?? '';
    const label = labelOf(streamId);
    const scope = streamId.startsWith('feed/')
      ? { kind: 'feed', feedSyncId: asNumber(streamId.slice('feed/'.length)) }
      : label !== null
        ? { kind: 'folder', name: label }
        : stateOf(streamId) === 'reading-list'
          ? { kind: 'everything' }
          : null;
    if (scope === null) throw new InvalidInputError('s must be a feed, a label or the reading list');
    const microseconds = integerParam(params, 'ts');
    const beforeDate = microseconds && microseconds > 0 ? new Date(Math.floor(microseconds / 1000)) : null;
    await markAllItemsRead(request.context.services, requireViewer(request), { scope, beforeDate });
    return plainText(reply, 'OK');
  });
}

function asNumber(value: string): bigint {
  if (!/^\d{1,18}$/.test(value)) throw new InvalidInputError('Feed not found');
  return BigInt(value);
}
