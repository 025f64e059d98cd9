import { describe, expect, it } from 'vitest';
import { mainNav } from './navItems';

const active = (pathname: string, search: { filter?: string } = {}) =>
  mainNav.filter((item) => item.isActive({ pathname, search })).map((item) => item.label);

describe('main navigation', () => {
  it('marks exactly one item for each place', () => {
    expect(active('/shares')).toEqual(['Shared']);
    expect(active('/articles')).toEqual(['Articles']);
    expect(active('/articles', { filter: 'unread' })).toEqual(['Articles']);
    expect(active('/article/QXJ0aWNsZTox')).toEqual(['Articles']);
    expect(active('/articles', { filter: 'liked' })).toEqual(['Liked']);
    expect(active('/highlights')).toEqual(['Highlights']);
    expect(active('/digest/RGlnZXN0OjE=')).toEqual(['Digest']);
    expect(active('/user/VXNlcjox')).toEqual(['Users']);
  });

  it('marks nothing on screens outside the main navigation', () => {
    expect(active('/settings')).toEqual([]);
  });
});
