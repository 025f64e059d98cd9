import type { Server } from 'node:http';
import { GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createRequestContext, type RequestContext } from '../context.ts';
import { isLimitedToPageActions } from '../domain/access/access.ts';
import { isCredentialOpen } from '../domain/accounts/credentials.ts';
import type { Services } from '../domain/core/services.ts';
import { closeSoon, SESSION_ENDED, trackSessionSockets } from './sessionSockets.ts';
import type { GraphQLServer } from './yoga.ts';

/**
 * graphql-ws on the GraphQL path of the HTTP server. Clients authenticate with the connection parameters
 * `{ "authorization": "Bearer <token>" }`; an unknown or revoked token is refused when connecting. A signed-in
 * socket lasts as long as its session: it is closed when the session ends (on any process), and each operation
 * it starts first checks that the session is still open.
 */
export function attachGraphQLWebSocket(server: Server, yoga: GraphQLServer, services: Services) {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint });
  const contexts = new WeakMap<object, RequestContext>();
  const sessionSockets = trackSessionSockets(services.events);
  const disposable = useServer(
    {
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const authorization = typeof params.authorization === 'string' ? params.authorization : null;
        const context = await createRequestContext(services, authorization, ctx.extra.request.socket.remoteAddress ?? 'unknown');
        // A bookmarklet token has no live events to receive (access.ts): refused as a forbidden connection.
        if (context.tokenRejected || isLimitedToPageActions(context.viewer)) return false;
        contexts.set(ctx, context);
        if (context.viewer) {
          const { socket } = ctx.extra;
          sessionSockets.add(socket, context.viewer);
          // Closed while its token was being checked: onClose has run already and found nothing to forget.
          if (socket.readyState !== socket.OPEN) sessionSockets.remove(socket, context.viewer);
        }
        return true;
      },
      onClose: (ctx) => {
        const viewer = contexts.get(ctx)?.viewer;
        if (viewer) sessionSockets.remove(ctx.extra.socket, viewer);
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelop's executor travels in rootValue, untyped
      execute: (args: any) => args.rootValue.execute(args),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const context = contexts.get(ctx)!;
        if (context.viewer && !(await isCredentialOpen(services, context.viewer.credential))) {
          closeSoon(ctx.extra.socket);
          return [new GraphQLError(SESSION_ENDED.reason, { extensions: { code: 'UNAUTHENTICATED' } })];
        }
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ context, params });
        const args = {
          schema,
          operationName: params.operationName,
          document: parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        return errors.length > 0 ? errors : args;
      },
    },
    wss,
  );
  return {
    /** Closes every socket (clients reconnect elsewhere) and stops accepting new ones. */
    close: async () => {
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
