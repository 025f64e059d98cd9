import { useCallback, useEffect, useState } from 'react';
import { commitMutation, useRelayEnvironment, type UseMutationConfig } from 'react-relay';
import type { GraphQLTaggedNode, MutationConfig, MutationParameters } from 'relay-runtime';
import type { LazyGraphQL } from './lazyGraphQL';

/**
 * Relay's `useMutation` for a lazy mutation: the first screen's actions (like, star, read, density, mark all read,
 * refresh). Its GraphQL starts loading as the component mounts (a small chunk, after the first screen's scripts);
 * once it is there a commit is exactly useMutation's, optimistic answer and request at once, so that a second press
 * reads the first one's result. A commit before then waits for it, and one whose GraphQL fails to load fails like a
 * request that never arrived (`onError`).
 */
export function useLazyMutation<T extends MutationParameters>(mutation: LazyGraphQL): [(config: UseMutationConfig<T>) => void, boolean] {
  const environment = useRelayEnvironment();
  const [running, setRunning] = useState(0);
  useEffect(() => void mutation.load().catch(() => undefined), [mutation]);
  const commit = useCallback(
    (config: UseMutationConfig<T>) => {
      setRunning((count) => count + 1);
      const settle = () => setRunning((count) => count - 1);
      const fail = (error: Error) => {
        settle();
        config.onError?.(error);
      };
      const send = (node: GraphQLTaggedNode) => {
        // useMutation's settings: its optimistic answer is typed by the raw response, commitMutation's by
        // `@raw_response_type` only.
        const settings: MutationConfig<T> = {
          ...(config as Omit<MutationConfig<T>, 'mutation'>),
          mutation: node,
          onCompleted: (response, errors) => {
            settle();
            config.onCompleted?.(response, errors ? [...errors] : null);
          },
          onError: fail,
        };
        commitMutation<T>(environment, settings);
      };
      const node = mutation.loaded();
      if (node) send(node);
      else mutation.load().then(send, fail);
    },
    [environment, mutation],
  );
  return [commit, running > 0];
}
