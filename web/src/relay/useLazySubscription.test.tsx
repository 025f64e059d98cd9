import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Environment, Network, Observable, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import countsSubscription, { type unreadCountsSubscription } from '../features/feeds/__generated__/unreadCountsSubscription.graphql';
import { lazyGraphQL } from './lazyGraphQL';
import { useLazySubscription } from './useLazySubscription';

afterEach(() => vi.useRealTimers());

describe('useLazySubscription', () => {
  it('subscribes once the page is idle, hands each update to its config, and ends with the component', async () => {
    vi.useFakeTimers();
    const unsubscribe = vi.fn();
    let push!: (response: GraphQLResponse) => void;
    const subscribe = vi.fn(() =>
      Observable.create<GraphQLResponse>((sink) => {
        push = (response) => sink.next(response);
        return unsubscribe;
      }),
    );
    const environment = new Environment({
      network: Network.create(() => Promise.reject(new Error('no queries here')), subscribe),
      store: new Store(new RecordSource()),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
    );
    const onNext = vi.fn();
    const config = { variables: {}, onNext };
    const lazy = lazyGraphQL(async () => countsSubscription);
    const { unmount } = renderHook(() => useLazySubscription<unreadCountsSubscription>(lazy, config), { wrapper });

    expect(subscribe).not.toHaveBeenCalled();
    await act(async () => vi.runAllTimersAsync());
    expect(subscribe).toHaveBeenCalledTimes(1);

    const counts = { subscriptions: [{ subscriptionId: 's1', unreadCount: 3 }], folders: [] };
    act(() => push({ data: { unreadCountsChanged: counts } }));
    expect(onNext).toHaveBeenCalledWith({ unreadCountsChanged: counts });

    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does not subscribe when the component is gone before the page is idle', async () => {
    vi.useFakeTimers();
    const subscribe = vi.fn(() => Observable.create<GraphQLResponse>(() => undefined));
    const environment = new Environment({
      network: Network.create(() => Promise.reject(new Error('none')), subscribe),
      store: new Store(new RecordSource()),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
    );
    const { unmount } = renderHook(
      () =>
        useLazySubscription<unreadCountsSubscription>(
          lazyGraphQL(async () => countsSubscription),
          { variables: {} },
        ),
      {
        wrapper,
      },
    );
    unmount();
    await act(async () => vi.runAllTimersAsync());
    expect(subscribe).not.toHaveBeenCalled();
  });
});
