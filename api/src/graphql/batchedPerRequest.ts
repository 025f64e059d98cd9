import DataLoader from 'dataloader';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from '../context.ts';

const requestLoaders = new WeakMap<object, Map<string, DataLoader<unknown, unknown>>>();

/**
 * The one way a resolver batches: one DataLoader per request and `name` (a field and its selection), so the
 * parents' calls of one tick become one `load` of all their keys, and a key asked again in the same request is
 * answered from the first load. `load` answers one value (or Error) per key, in the keys' order.
 *
 * Yoga gives each operation a context object of its own, so what is loaded never reaches another request; a
 * subscription keeps its context for all its events, and `batchesPerEvent` forgets the loaders after each one.
 */
export function batchedPerRequest<V, K = string>(
  context: RequestContext,
  name: string,
  load: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
): DataLoader<K, V> {
  let loaders = requestLoaders.get(context);
  if (!loaders) requestLoaders.set(context, (loaders = new Map()));
  let loader = loaders.get(name);
  if (!loader) loaders.set(name, (loader = new DataLoader<K, V>(load) as DataLoader<unknown, unknown>));
  return loader as DataLoader<K, V>;
}

/**
 * Each event of a subscription loads afresh: without this, an event would be answered with what an earlier
 * event of the same subscription loaded (a count, a body, whether the viewer subscribes), however old.
 */
export function batchesPerEvent(): Plugin {
  return {
    onSubscribe: () => ({
      onSubscribeResult: ({ args }) => {
        const forget = () => {
          requestLoaders.delete(args.contextValue as object);
        };
        forget();
        return { onNext: forget, onEnd: forget };
      },
    }),
  };
}
