import { queryFromInfo } from '@pothos/plugin-prisma';
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { listApiTokens } from '../../domain/accounts/apiTokens.ts';
import { API_TOKENS_PER_USER } from '@tidings/shared/limits';
import { builder } from '../builder.ts';
import { inDomainOrder } from '../loadByIds.ts';
import { accountOwnerIdFilter, nodeIdFilter } from '../nodeFilters.ts';

export const ApiTokenScopeEnum = builder.enumType('ApiTokenScope', {
  description: 'What a token may do.',
  values: {
    full: { description: 'Read, subscribe, share and comment as its owner; never change the account.' },
    bookmarklet: {
      description: "The bookmarklet's: look for feeds on a page, subscribe to one, share the page; nothing else (no reading).",
    },
  } as const,
});

export const ApiTokenNode = builder.prismaNode('ApiToken', {
  description: 'A personal API token (its secret is shown once, when it is created).',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: accountOwnerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the owner calls it, e.g. the app that uses it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    scope: t.expose('scope', { type: ApiTokenScopeEnum, description: 'What it may do.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'Within five minutes; null if never used.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it stops working, if it was given an end when created; null: never.',
    }),
  }),
});

builder.queryField('apiTokens', (t) =>
  t.withAuth({ signedIn: true }).connection({
    type: ApiTokenNode,
    description: `The viewer's personal API tokens, newest first (at most ${API_TOKENS_PER_USER}).`,
    resolve: async (_root, args, context, info) => {
      const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
      const tokens = await inDomainOrder(
        (await listApiTokens(context.services, context.viewer)).map((token) => token.id),
        (ids) => context.services.db.apiToken.findMany({ ...query, where: { id: { in: ids } } }),
      );
      return resolveArrayConnection({ args }, tokens);
    },
  }),
);
