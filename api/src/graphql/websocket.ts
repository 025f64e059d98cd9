import type { Server } from 'node:http';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createRequestContext, type RequestContext } from '../context.ts';
import type { Services } from '../domain/services.ts';
import type { GraphQLServer } from './yoga.ts';

/**
 * graphql-ws on the GraphQL path of the HTTP server. Clients authenticate with the connection parameters
 * `{ "authorization": "Bearer <token>" }`; an unknown or revoked token is refused when connecting.
 */
export function attachGraphQLWebSocket(server: Server, yoga: GraphQLServer, services: Services) {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint });
  const contexts = new WeakMap<object, RequestContext>();
  const disposable = useServer(
    {
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const authorization = typeof params.authorization === 'string' ? params.authorization : null;
        const context = await createRequestContext(services, authorization, ctx.extra.request.socket.remoteAddress ?? 'unknown');
        if (context.tokenRejected) return false;
        contexts.set(ctx, context);
        return true;
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelop's executor travels in rootValue, untyped
      execute: (args: any) => args.rootValue.execute(args),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      subscribe: (args: any) => args.rootValue.subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          context: contexts.get(ctx)!,
          params,
        });
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
