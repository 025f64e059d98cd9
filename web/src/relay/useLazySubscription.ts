import { useEffect } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { requestSubscription, type Disposable, type GraphQLSubscriptionConfig, type OperationType } from 'relay-runtime';
import { whenIdle, type LazyGraphQL } from './lazyGraphQL';

/**
 * Relay's `useSubscription` for a lazy subscription, started once the page is idle: the live updates (and the
 * WebSocket client) wait until the first screen is drawn. `config` should be memoised, as for `useSubscription`.
 */
export function useLazySubscription<T extends OperationType>(
  subscription: LazyGraphQL,
  config: Omit<GraphQLSubscriptionConfig<T>, 'subscription'>,
): void {
  const environment = useRelayEnvironment();
  useEffect(() => {
    let active: Disposable | undefined;
    let stopped = false;
    const cancel = whenIdle(() =>
      subscription.load().then(
        (node) => {
          if (!stopped) active = requestSubscription<T>(environment, { ...config, subscription: node });
        },
        (error: Error) => config.onError?.(error),
      ),
    );
    return () => {
      stopped = true;
      cancel();
      active?.dispose();
    };
  }, [environment, subscription, config]);
}
