import type { FastifyInstance } from 'fastify';
import {
  createFolder,
  deleteFolder,
  listFolderTree,
  moveSubscriptionToFolder,
  removeSubscriptionFromFolder,
  renameFolder,
} from '../domain/subscriptions/folders.ts';
import { noContent, requireViewer } from './handler.ts';
import { folderJson, subscriptionJson } from './serialize.ts';

type IdParams = { Params: { id: string } };

/** Folders: list, create, rename, delete, and moving a subscription into a folder or back to the root. */
export async function folderRoutes(app: FastifyInstance): Promise<void> {
  app.get('/folders', async (request) => {
    const tree = await listFolderTree(request.context.services, requireViewer(request));
    return { folders: tree.folders.map(folderJson), rootFeeds: tree.rootFeeds.map(subscriptionJson) };
  });

  app.post('/folders', async (request, reply) => {
    const folder = await createFolder(request.context.services, requireViewer(request), request.body);
    return reply.code(201).send({ folder: folderJson({ ...folder, subscriptions: [] }) });
  });

  app.patch<IdParams>('/folders/:id', async (request) => {
    const folder = await renameFolder(request.context.services, requireViewer(request), request.params.id, request.body);
    return { folder: { id: folder.id, name: folder.name } };
  });

  app.delete<IdParams>('/folders/:id', async (request, reply) => {
    await deleteFolder(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });

  app.post<IdParams>('/folders/:id/move-subscription', async (request) => ({
    subscription: subscriptionJson(
      await moveSubscriptionToFolder(request.context.services, requireViewer(request), request.params.id, request.body),
    ),
  }));

  app.post('/folders/remove-subscription', async (request) => ({
    subscription: subscriptionJson(await removeSubscriptionFromFolder(request.context.services, requireViewer(request), request.body)),
  }));
}
