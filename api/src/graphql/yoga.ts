import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { RequestContext } from '../context.ts';
import { DatabaseUnavailableError, refusalOf } from '../domain/core/errors.ts';
import type { Logger } from '../logger.ts';
import { batchesPerEvent } from './batchedPerRequest.ts';
import { bookmarkletScopePlugin } from './bookmarkletScope.ts';
import { renderGraphiQLPage } from './graphiql/page.ts';
import { mutationsReadPrimaryPlugin } from './mutationsReadPrimary.ts';
import { costLimitWithVariablesPlugin } from './queryCost.ts';
import { schema } from './schema.ts';

/** Limits that keep one query from exhausting the server (GraphQL Armor); generous for real clients. */
export const QUERY_LIMITS = { depth: 12, aliases: 15, cost: 40_000, tokens: 3000, directives: 50 } as const;

type ServerContext = { req: FastifyRequest; reply: FastifyReply } | { context: RequestContext };

/** The request's context in what Yoga is given: a Fastify request's (HTTP) or a socket's (graphql-ws). */
const requestContextOf = (initial: ServerContext): RequestContext => ('context' in initial ? initial.context : initial.req.context);

/**
 * Cross-origin calls only from the configured origins, never with credentials (the API authenticates with a
 * bearer token, not cookies); with none configured, no CORS header at all, so only the app's own pages call.
 */
function corsPolicy(origins: readonly string[]) {
  return origins.length > 0 ? { origin: [...origins], credentials: false, methods: ['GET', 'POST'] } : false;
}

/** True for a refusal of what the client asked (a bad cursor, an unknown feed: a 4xx), as thrown or as Yoga wraps it. */
const isClientRefusal = (error: unknown) => (refusalOf(error instanceof GraphQLError ? error.originalError : error)?.status ?? 500) < 500;

/**
 * The GraphQL Yoga server: GraphiQL in the browser (served from the instance), introspection on, no batching,
 * GraphQL Armor's limits.
 */
export function createGraphQLServer(log: Logger, config: Pick<Config, 'corsOrigins'>) {
  return createYoga<ServerContext, RequestContext>({
    schema,
    graphqlEndpoint: '/graphql',
    batching: false,
    landingPage: false,
    graphiql: { title: 'Tidings GraphQL', subscriptionsProtocol: 'WS' },
    renderGraphiQL: renderGraphiQLPage,
    cors: corsPolicy(config.corsOrigins),
    logging: {
      debug: (...args) => log.debug(args),
      info: (...args) => log.info(args),
      warn: (...args) => log.warn(args),
      // Yoga logs the original of every error it answered another way: a refusal of the client's request is answered
      // as is, and the REST API logs none either; anything else (the database away included) is the server's fault.
      error: (...args) => (args.every(isClientRefusal) ? log.debug(args) : log.error(args)),
    },
    // A refusal from the domain (a bad cursor, an unknown feed) reaches the client as is; anything else is masked.
    // An unreachable database makes the whole answer a 503, as on the REST API, so clients and proxies retry.
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const refusal = refusalOf(error instanceof GraphQLError ? error.originalError : error);
        if (!refusal) return maskError(error, message, isDev);
        const unavailable = refusal instanceof DatabaseUnavailableError;
        return new GraphQLError(refusal.message, {
          ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
          extensions: {
            code: refusal.constructor.name,
            status: refusal.status,
            ...(unavailable && { http: { status: 503, headers: { 'retry-after': String(refusal.retryAfterSeconds) } } }),
          },
        });
      },
    },
    context: requestContextOf,
    plugins: [
      maxDepthPlugin({ n: QUERY_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true }),
      maxAliasesPlugin({ n: QUERY_LIMITS.aliases }),
      // Priced with the variables and list lengths; the reader (30 comments, 100 shares) costs about 18,000.
      costLimitWithVariablesPlugin({ maxCost: QUERY_LIMITS.cost }),
      maxTokensPlugin({ n: QUERY_LIMITS.tokens }),
      maxDirectivesPlugin({ n: QUERY_LIMITS.directives }),
      bookmarkletScopePlugin(requestContextOf),
      batchesPerEvent(),
      mutationsReadPrimaryPlugin(),
    ],
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
