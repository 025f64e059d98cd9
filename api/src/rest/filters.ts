import type { FastifyInstance } from 'fastify';
import { createRule, deleteRule, listRules, previewRule, updateRule, type FilterRule } from '../domain/filters/filterRules.ts';
import { noContent, requireViewer } from './handler.ts';
import { articleJson } from './serialize.ts';

type IdParams = { Params: { id: string } };

function filterJson(rule: FilterRule) {
  return {
    id: rule.id,
    pattern: rule.pattern,
    isRegex: rule.isRegex,
    fields: rule.fields,
    action: rule.action,
    feedId: rule.feedId,
    folderId: rule.folderId,
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** Filter rules: list, add, preview (without saving), change, delete (domain/rules). */
export async function filterRoutes(app: FastifyInstance): Promise<void> {
  app.get('/filters', async (request) => ({
    filters: (await listRules(request.context.services, requireViewer(request))).map(filterJson),
  }));

  app.post('/filters', async (request, reply) => {
    const rule = await createRule(request.context.services, requireViewer(request), request.body);
    return reply.code(201).send({ filter: filterJson(rule) });
  });

  app.post('/filters/preview', async (request) => {
    const preview = await previewRule(request.context.services, requireViewer(request), request.body);
    return { examined: preview.examined, affected: preview.affected, articles: preview.articles.map(articleJson) };
  });

  app.patch<IdParams>('/filters/:id', async (request) => ({
    filter: filterJson(await updateRule(request.context.services, requireViewer(request), request.params.id, request.body)),
  }));

  app.delete<IdParams>('/filters/:id', async (request, reply) => {
    await deleteRule(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
