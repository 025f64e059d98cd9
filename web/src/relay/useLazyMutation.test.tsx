import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { Environment, Network, RecordSource, Store, type GraphQLResponse } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import starMutation, { type articleFlagsStarMutation } from '../features/articles/__generated__/articleFlagsStarMutation.graphql';
import { lazyGraphQL } from './lazyGraphQL';
import { useLazyMutation } from './useLazyMutation';

function environmentAnswering(answer: () => Promise<GraphQLResponse>) {
  const fetch = vi.fn((_request: unknown, _variables: unknown) => answer());
  const environment = new Environment({ network: Network.create(fetch), store: new Store(new RecordSource()) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RelayEnvironmentProvider environment={environment}>{children}</RelayEnvironmentProvider>
  );
  return { environment, fetch, wrapper };
}

const starred = (environment: Environment) => environment.getStore().getSource().get('a1')?.starred;

describe('lazyGraphQL', () => {
  it('imports its GraphQL once, and again after a failed import', async () => {
    const importNode = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(starMutation);
    const lazy = lazyGraphQL(importNode);
    await expect(lazy.load()).rejects.toThrow('offline');
    await expect(lazy.load()).resolves.toBe(starMutation);
    await lazy.load();
    expect(importNode).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyMutation', () => {
  it('commits the loaded mutation like useMutation: optimistic answer, the server’s answer, then onCompleted', async () => {
    let answer!: (response: GraphQLResponse) => void;
    const { environment, fetch, wrapper } = environmentAnswering(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useLazyMutation<articleFlagsStarMutation>(lazyGraphQL(async () => starMutation)), { wrapper });
    const onCompleted = vi.fn();

    act(() =>
      result.current[0]({
        variables: { id: 'a1' },
        optimisticResponse: { starArticle: { __typename: 'Article', id: 'a1', starred: true } },
        onCompleted,
      }),
    );
    expect(result.current[1]).toBe(true);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![1]).toEqual({ id: 'a1' });
    expect(starred(environment)).toBe(true);

    await act(async () => answer({ data: { starArticle: { __typename: 'Article', id: 'a1', starred: true } } }));
    await waitFor(() => expect(onCompleted).toHaveBeenCalledTimes(1));
    expect(onCompleted.mock.calls[0]![0]).toEqual({ starArticle: { __typename: 'Article', id: 'a1', starred: true } });
    expect(result.current[1]).toBe(false);
  });

  it('once its GraphQL is there, answers and sends at once, so that a second press reads the first one’s result', async () => {
    const { environment, fetch, wrapper } = environmentAnswering(() => new Promise(() => {}));
    const lazy = lazyGraphQL(async () => starMutation);
    await lazy.load();
    const { result } = renderHook(() => useLazyMutation<articleFlagsStarMutation>(lazy), { wrapper });

    act(() =>
      result.current[0]({
        variables: { id: 'a1' },
        optimisticResponse: { starArticle: { __typename: 'Article', id: 'a1', starred: true } },
      }),
    );
    expect(starred(environment)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fails like a request that never arrived when its GraphQL cannot load, and sends nothing', async () => {
    const { fetch, wrapper } = environmentAnswering(() => Promise.reject(new Error('not called')));
    const failing = lazyGraphQL(() => Promise.reject(new Error('chunk failed')));
    const { result } = renderHook(() => useLazyMutation<articleFlagsStarMutation>(failing), { wrapper });
    const onError = vi.fn();

    act(() => result.current[0]({ variables: { id: 'a1' }, onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('chunk failed')));
    expect(result.current[1]).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
