import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../context.ts';
import { isStorableDate } from '../domain/core/fields.ts';
import type { Viewer } from '../domain/core/services.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import GlobalIdArgumentsPlugin from './globalIdArguments.ts';

/** How many ids one `nodes(ids:)` call may look up: each is a lookup, and a long list would hold the server. */
export const MAX_NODE_IDS = 100;
const nodeIdsAsked = new WeakMap<RequestContext, number>();

/** The context of a resolver that the `signedIn` scope guards. */
export type SignedInContext = RequestContext & { viewer: Viewer };

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { signedIn: boolean; admin: boolean };
  AuthContexts: { signedIn: SignedInContext; admin: SignedInContext };
  Scalars: { DateTime: { Input: Date; Output: Date } };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin, GlobalIdArgumentsPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // Check a subscription's scopes when it starts, before its subscribe function runs (it needs the viewer).
    authorizeOnSubscribe: true,
    // Administration is account-level: an administrator's API token does not carry it (domain/access/access.ts).
    authScopes: (context) => ({
      signedIn: context.viewer !== null,
      admin: context.viewer?.role === 'admin' && context.viewer.credential.kind === 'session',
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer
        ? new GraphQLError('You are not allowed to do this', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } })
        : new GraphQLError(context.tokenRejected ? 'Session expired. Please login again.' : 'Authentication required', {
            extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
          }),
  },
  errors: {
    directResult: true,
    defaultUnionOptions: {
      description:
        'What the field this union is named after answers (`MutationLoginResult` is `login`’s): its own result when it worked, or one of the `Error` types, whose `message` says why it did not; an error changes nothing.',
    },
    defaultResultOptions: { description: 'The answer of the field this type is named after, when it worked; `data` holds it.' },
  },
  prisma: {
    client: (context) => context.services.db,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'error',
    defaultConnectionSize: 20,
    maxConnectionSize: 100,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    idFieldOptions: {
      description: 'The global id: opaque, stable, and accepted by `node(id:)` and by the arguments that take this type’s id.',
    },
    nodeTypeOptions: {
      description:
        'An object with a global id, which `node(id:)` and `nodes(ids:)` load again (null for an object the viewer may not see).',
    },
    pageInfoTypeOptions: { description: 'Where a page of a list ends, and whether there is more.' },
    hasNextPageFieldOptions: { description: 'True when there are items after this page: ask again with `after: endCursor`.' },
    hasPreviousPageFieldOptions: {
      description:
        'True when items come before this page, where the list knows it (`articles` after a cursor, `apiTokens`); false on the other lists.',
    },
    startCursorFieldOptions: { description: 'The cursor of the first item of this page; null when the page is empty.' },
    endCursorFieldOptions: { description: 'The cursor of the last item of this page, for `after`; null when the page is empty.' },
    defaultConnectionTypeOptions: { description: 'One page of a list, in the list’s order, with what is needed to ask for the next page.' },
    defaultEdgeTypeOptions: { description: 'One item of a page, with its position in the list.' },
    edgesFieldOptions: { description: 'The items of this page, in order, each with its cursor.' },
    pageInfoFieldOptions: { description: 'Where this page ends and whether more follow.' },
    nodeFieldOptions: { description: 'The item.' },
    cursorFieldOptions: { description: 'An opaque position in the list: pass it as `after` to get the items that follow this one.' },
    firstArgOptions: {
      description:
        'How many items to answer, at least 1; omitted, the list’s own page size (usually 20), and each list has a largest page.',
    },
    afterArgOptions: {
      description:
        'A cursor from an earlier page (`pageInfo.endCursor`, or an edge’s `cursor`): answer the items after it. Omit for the first page.',
    },
    lastArgOptions: { description: 'How many items to answer from the end of the list (`apiTokens` only; other lists page forward).' },
    beforeArgOptions: { description: 'A cursor: answer the items before it (`apiTokens` only; other lists page forward).' },
    nodeQueryOptions: {
      description:
        'The object of this global id, of any type that implements `Node`; null when it does not exist or the viewer may not see it.',
      args: { id: { description: 'A global id, as an object’s `id` field gives it.' } },
    },
    nodesQueryOptions: {
      description: `The nodes of these ids, in the same order (null where none is visible); at most ${MAX_NODE_IDS} ids in one request.`,
      args: {
        ids: {
          description: `Global ids, as objects' \`id\` fields give them; at most ${MAX_NODE_IDS} in one request, aliases counted together.`,
        },
      },
      resolve: (_root, args, context, _info, resolveNodes) => {
        // Counted over the whole request, so aliases cannot multiply the lookups.
        const asked = (nodeIdsAsked.get(context) ?? 0) + args.ids.length;
        nodeIdsAsked.set(context, asked);
        if (asked > MAX_NODE_IDS) {
          throw new GraphQLError(`nodes takes at most ${MAX_NODE_IDS} ids in one request, got ${asked}`, {
            extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
          });
        }
        return resolveNodes(args.ids);
      },
    },
  },
});

builder.scalarType('DateTime', {
  description: 'A point in time, as an ISO 8601 string in UTC.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (!isStorableDate(date)) throw new GraphQLError('DateTime must be an ISO 8601 date within years 1 to 9999');
    return date;
  },
});

builder.queryType({ description: 'Everything a client can read.' });
builder.mutationType({ description: 'Everything a client can change.' });
builder.subscriptionType({ description: 'Events delivered live over graphql-ws.' });
