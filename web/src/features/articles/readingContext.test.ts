import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { publishList, useReadingContext, type ListSource, type LoadedList } from './readingContext';

const page = (ids: string[], hasMore: boolean, endCursor: string | null): LoadedList => ({ ids, total: 5, hasMore, endCursor });

function source(fetchNext: ListSource['fetchNext']): ListSource {
  return { kind: 'shared', returnTo: { to: '/shares' }, fetchNext, onLoadFailed: vi.fn() };
}

describe('publishList', () => {
  it('makes the list the reader’s context, and loading more publishes the grown list', async () => {
    const next = page(['a', 'b', 'c'], false, 'c3');
    const fetchNext = vi.fn(() => Promise.resolve(next));
    const { result } = renderHook(() => useReadingContext());
    act(() => publishList(source(fetchNext), page(['a', 'b'], true, 'c2')));
    expect(result.current).toMatchObject({ kind: 'shared', articleIds: ['a', 'b'], total: 5, hasMore: true, returnTo: { to: '/shares' } });

    await act(async () => result.current?.loadMore?.());
    expect(fetchNext).toHaveBeenCalledWith('c2');
    expect(result.current).toMatchObject({ articleIds: ['a', 'b', 'c'], hasMore: false, loadMore: null });
  });

  it('asks for the next page once while it loads', () => {
    const fetchNext = vi.fn(() => new Promise<LoadedList>(() => {}));
    const { result } = renderHook(() => useReadingContext());
    act(() => publishList(source(fetchNext), page(['a'], true, 'c1')));
    result.current?.loadMore?.();
    result.current?.loadMore?.();
    expect(fetchNext).toHaveBeenCalledTimes(1);
  });

  it('says when the next page failed, and lets it be asked for again', async () => {
    const fetchNext = vi.fn(() => Promise.reject(new Error('offline')));
    const listSource = source(fetchNext);
    const { result } = renderHook(() => useReadingContext());
    act(() => publishList(listSource, page(['a'], true, 'c1')));
    await act(async () => result.current?.loadMore?.());
    expect(listSource.onLoadFailed).toHaveBeenCalledTimes(1);
    await act(async () => result.current?.loadMore?.());
    expect(fetchNext).toHaveBeenCalledTimes(2);
  });

  it('offers no loading more at the end of the list', () => {
    const { result } = renderHook(() => useReadingContext());
    act(() => publishList(source(vi.fn()), page(['a'], false, 'c1')));
    expect(result.current?.loadMore).toBeNull();
  });
});
