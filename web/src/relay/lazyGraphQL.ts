import type { GraphQLTaggedNode } from 'relay-runtime';

/**
 * A mutation or subscription whose GraphQL loads apart from the screen that uses it, so that the first screen's
 * JavaScript carries only what it draws: `load` imports the module of its `graphql` tag once (again after a failure).
 */
export type LazyGraphQL = { load: () => Promise<GraphQLTaggedNode> };

export function lazyGraphQL(importNode: () => Promise<GraphQLTaggedNode>): LazyGraphQL {
  let loading: Promise<GraphQLTaggedNode> | undefined;
  const load = () =>
    (loading ??= importNode().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return { load };
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
