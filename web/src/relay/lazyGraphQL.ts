import type { GraphQLTaggedNode } from 'relay-runtime';

/**
 * A mutation or subscription whose GraphQL loads apart from the screen that uses it, so that the first screen's
 * JavaScript carries only what it draws: `load` imports the module of its `graphql` tag once (again after a failure),
 * `loaded` answers it at once when it is there.
 */
export type LazyGraphQL = { load: () => Promise<GraphQLTaggedNode>; loaded: () => GraphQLTaggedNode | undefined };

export function lazyGraphQL(importNode: () => Promise<GraphQLTaggedNode>): LazyGraphQL {
  let loading: Promise<GraphQLTaggedNode> | undefined;
  let node: GraphQLTaggedNode | undefined;
  const load = () =>
    (loading ??= importNode().then(
      (imported) => (node = imported),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return { load, loaded: () => node };
}

const IDLE_FALLBACK_MS = 2_000;

/** Runs `task` once the page has nothing more urgent to do (after its first screen); answers a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 10_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(id);
}
