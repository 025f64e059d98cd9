import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withUnreadCounts } from '../domain/articles/unreadCounts.ts';
import { detectFeeds } from '../domain/subscriptions/detect.ts';
import { exportSubscriptionsOpml, importOpml, type OpmlFile } from '../domain/subscriptions/opml.ts';
import { refreshAllSubscriptions, refreshSubscription } from '../domain/subscriptions/refreshSubscriptions.ts';
import { subscribe } from '../domain/subscriptions/subscribe.ts';
import { InvalidInputError } from '../domain/core/errors.ts';
import { listSubscriptions, setSubscriptionMuted, unsubscribe, updateSubscription } from '../domain/subscriptions/subscriptions.ts';
import { OPML_MAX_BYTES } from '../ingest/opml.ts';
import { noContent, requireViewer } from './handler.ts';
import { subscriptionJson } from './serialize.ts';

type IdParams = { Params: { id: string } };

/** Subscriptions: list, subscribe, edit, unsubscribe, refresh one or all, detect feeds, OPML import and export. */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: OPML_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/feeds', async (request) => {
    const { services } = request.context;
    const viewer = requireViewer(request);
    return { feeds: (await withUnreadCounts(services, viewer, await listSubscriptions(services, viewer))).map(subscriptionJson) };
  });

  app.post('/feeds/subscribe', async (request, reply) => {
    const { subscription, articlesAdded } = await subscribe(request.context.services, requireViewer(request), request.body);
    return reply.code(201).send({ subscription: subscriptionJson(subscription), articlesAdded });
  });

  app.delete<IdParams>('/feeds/:id', async (request, reply) => {
    await unsubscribe(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });

  app.patch<IdParams>('/feeds/:id', async (request) => ({
    subscription: subscriptionJson(
      await updateSubscription(request.context.services, requireViewer(request), request.params.id, request.body),
    ),
  }));

  app.post<IdParams>('/feeds/:id/mute', async (request) => ({
    subscription: subscriptionJson(
      await setSubscriptionMuted(request.context.services, requireViewer(request), request.params.id, { muted: true }),
    ),
  }));

  app.delete<IdParams>('/feeds/:id/mute', async (request) => ({
    subscription: subscriptionJson(
      await setSubscriptionMuted(request.context.services, requireViewer(request), request.params.id, { muted: false }),
    ),
  }));

  app.post<IdParams>('/feeds/:id/refresh', async (request) =>
    refreshSubscription(request.context.services, requireViewer(request), request.params.id),
  );

  app.post('/feeds/refresh-all', async (request) => refreshAllSubscriptions(request.context.services, requireViewer(request)));

  app.post('/feeds/detect', async (request) => ({
    feeds: await detectFeeds(request.context.services, requireViewer(request), request.body),
  }));

  // Up to ten feeds: 200 with the counts, the failures (as bulk subscribe answers them) and what became of each feed;
  // more: 202 with the job to follow at /api/discover/bulk-subscribe/{jobId}.
  app.post('/feeds/import-opml', async (request, reply) => {
    const viewer = requireViewer(request);
    const answer = await importOpml(request.context.services, viewer, await readOpmlUpload(request));
    if (answer.kind === 'queued') return reply.code(202).send({ jobId: answer.jobId, total: answer.total });
    const { subscribed: added, skipped, errors, failures, feeds } = answer.summary;
    return { added, skipped, errors, failures, feeds };
  });

  app.get('/feeds/export-opml', async (request, reply) => {
    const { filename, text } = await exportSubscriptionsOpml(request.context.services, requireViewer(request));
    return reply
      .header('content-type', 'text/x-opml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(text);
  });
}

async function readOpmlUpload(request: FastifyRequest): Promise<OpmlFile> {
  if (!request.isMultipart()) throw new InvalidInputError('Send the OPML file as multipart/form-data in the field "file"');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new InvalidInputError('Send the OPML file in the field "file"');
    return { filename: part.filename, content: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new InvalidInputError(`The OPML file is larger than ${OPML_MAX_BYTES / 1024 / 1024} MB`);
    }
    throw error;
  }
}
