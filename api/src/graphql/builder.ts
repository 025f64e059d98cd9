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
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin],
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
  errors: { directResult: true },
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
    nodesQueryOptions: {
      description: `The nodes of these ids, in the same order (null where none is visible); at most ${MAX_NODE_IDS} ids in one request.`,
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
