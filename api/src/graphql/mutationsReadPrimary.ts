import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from '../context.ts';

/**
 * A mutation reads the primary, as its answer must show what it wrote (a request to /graphql may otherwise read a
 * replica: context.ts); once it has run, before its answer leaves, its writes are noted for the viewer's next reads.
 */
export function mutationsReadPrimaryPlugin(): Plugin<RequestContext> {
  return {
    onExecute({ args }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== 'mutation') return;
      const { reads } = args.contextValue;
      reads.markWriting();
      return { onExecuteDone: () => reads.rememberWrites() };
    },
  };
}
