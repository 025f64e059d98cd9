import { describe, expect, it } from 'vitest';
import type { ReadingContext } from '../articles/readingContext';
import { readerPosition, returnDestination } from './readerNavigation';

const loadMore = () => undefined;

function context(overrides: Partial<ReadingContext> = {}): ReadingContext {
  return {
    kind: 'articles',
    articleIds: ['a', 'b', 'c'],
    total: 3,
    hasMore: false,
    loadMore: null,
    returnTo: { to: '/articles', search: { filter: 'all' } },
    ...overrides,
  };
}

describe('readerPosition', () => {
  it('counts from 1 against the whole list and names both neighbours in the middle', () => {
    expect(readerPosition(context({ total: 40 }), 'b')).toEqual({ label: '2/40', previousId: 'a', nextId: 'c', nextNeedsMore: false });
  });

  it("says '+' after a total its list's count stopped at, until the loaded articles pass it", () => {
    expect(readerPosition(context({ total: 1000, moreThanTotal: true }), 'b')).toMatchObject({ label: '2/1000+' });
    const ids = Array.from({ length: 1002 }, (_, i) => `id${i}`);
    expect(readerPosition(context({ articleIds: ids, total: 1000, moreThanTotal: true }), 'id1001')).toMatchObject({ label: '1002/1002' });
  });

  it('has no previous article at the start and no next one at the end of a fully loaded list', () => {
    expect(readerPosition(context(), 'a')).toMatchObject({ label: '1/3', previousId: null, nextId: 'b' });
    expect(readerPosition(context(), 'c')).toMatchObject({ label: '3/3', previousId: 'b', nextId: null, nextNeedsMore: false });
  });

  it('asks for the next page after the last loaded article while the list has more', () => {
    expect(readerPosition(context({ total: 10, hasMore: true, loadMore }), 'c')).toMatchObject({
      label: '3/10',
      nextId: null,
      nextNeedsMore: true,
    });
  });

  it('cannot ask for more when the list offers no way to load it', () => {
    expect(readerPosition(context({ total: 10, hasMore: true, loadMore: null }), 'c')).toMatchObject({ nextNeedsMore: false });
  });

  it('never shows a position beyond the total when the list grew after counting', () => {
    expect(readerPosition(context({ articleIds: ['a', 'b', 'c', 'd'], total: 3 }), 'd')?.label).toBe('4/4');
  });

  it('is null without a context or for an article the list does not hold', () => {
    expect(readerPosition(null, 'a')).toBeNull();
    expect(readerPosition(context(), 'z')).toBeNull();
  });
});

describe('returnDestination', () => {
  it('goes back to the list the article was opened from', () => {
    expect(returnDestination(context({ kind: 'shared', returnTo: { to: '/shares' } }))).toEqual({ to: '/shares' });
    expect(returnDestination(context())).toEqual({ to: '/articles', search: { filter: 'all' } });
  });

  it('goes to the article list when the reader was opened directly', () => {
    expect(returnDestination(null)).toEqual({ to: '/articles' });
  });
});
