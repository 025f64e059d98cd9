import { describe, expect, it } from 'vitest';
import { loadedShares } from './sharedList';

const edge = (articleId: string) => ({ node: { article: { id: articleId } } });

describe('loadedShares', () => {
  it('lists the shared articles in list order and counts what is loaded', () => {
    const list = loadedShares({ edges: [edge('a'), edge('b')], pageInfo: { hasNextPage: true, endCursor: 'c2' } });
    expect(list).toEqual({ ids: ['a', 'b'], total: 2, hasMore: true, endCursor: 'c2' });
  });

  it('keeps an article shared by two people once, where it first appears', () => {
    const list = loadedShares({ edges: [edge('a'), edge('b'), edge('a'), edge('c')], pageInfo: { hasNextPage: false } });
    expect(list.ids).toEqual(['a', 'b', 'c']);
    expect(list.total).toBe(3);
  });

  it('takes the total the caller knows, but never less than what is loaded', () => {
    const connection = { edges: [edge('a'), edge('b')], pageInfo: { hasNextPage: true, endCursor: 'c2' } };
    expect(loadedShares(connection, 45).total).toBe(45);
    expect(loadedShares(connection, 1).total).toBe(2);
  });

  it("takes the connection's article count as the total when the list asks for it", () => {
    const connection = { edges: [edge('a'), edge('b')], pageInfo: { hasNextPage: true, endCursor: 'c2' }, articleCount: 37 };
    expect(loadedShares(connection).total).toBe(37);
  });

  it('has no cursor for an empty list', () => {
    expect(loadedShares({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } })).toEqual({
      ids: [],
      total: 0,
      hasMore: false,
      endCursor: null,
    });
  });
});
