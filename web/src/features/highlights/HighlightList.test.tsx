import { cleanup, configure, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import type { HighlightListTestQuery } from './__generated__/HighlightListTestQuery.graphql';
import { EMPTY_HINT, HighlightList } from './HighlightList';

const testQuery = graphql`
  query HighlightListTestQuery {
    ...HighlightList_query @arguments(first: 30)
  }
`;

function Screen() {
  return <HighlightList query={useLazyLoadQuery<HighlightListTestQuery>(testQuery, {})} />;
}

const article = (id: string, title: string) => ({
  __typename: 'Article',
  id,
  title,
  feed: { __typename: 'Feed', id: `feed-${id}`, title: 'The River Review' },
});

const highlight = (id: string, exact: string, onArticle: ReturnType<typeof article>, note: string | null = null) => ({
  cursor: id,
  node: { __typename: 'Highlight', id, exact, note, article: onArticle },
});

function openList(edges: ReturnType<typeof highlight>[]) {
  const relay = createMockEnvironment({
    HighlightListTestQuery: () => ({
      data: { highlights: { edges, pageInfo: { hasNextPage: false, endCursor: edges.at(-1)?.cursor ?? null } } },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Screen />
    </Suspense>,
    { environment: relay.environment, path: '/highlights' },
  );
  return relay;
}

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(cleanup);
afterAll(() => configure({ asyncUtilTimeout: 1000 }));

describe('the Highlights screen', () => {
  it('groups the highlights, newest first, under their articles, each title opening the reader', async () => {
    const delta = article('QXJ0aWNsZTox', 'Deltas');
    const tides = article('QXJ0aWNsZToy', 'Tides');
    openList([
      highlight('h3', 'where the river slows', delta, 'Sand settles'),
      highlight('h2', 'twice a day', tides),
      highlight('h1', 'the land grows', delta),
    ]);
    const groups = within(await screen.findByRole('list', { name: 'Highlights by article' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Highlights by article');
    expect(groups.map((group) => within(group).getAllByRole('link')[0]!.textContent)).toEqual(['Deltas', 'Tides']);
    expect(
      within(groups[0]!)
        .getAllByRole('blockquote')
        .map((quote) => quote.textContent),
    ).toEqual(['where the river slows', 'the land grows']);
    expect(groups[0]!.textContent).toContain('Sand settles');
    expect(within(groups[0]!).getByRole('link', { name: 'Deltas' }).getAttribute('href')).toBe('/article/QXJ0aWNsZTox');
    expect(within(groups[0]!).getByRole('button', { name: 'Edit note' })).toBeTruthy();
    expect(within(groups[0]!).getByRole('button', { name: 'Add note' })).toBeTruthy();
  });

  it('says how to highlight when there is nothing yet', async () => {
    openList([]);
    expect(await screen.findByText('No highlights yet')).toBeTruthy();
    expect(screen.getByText(EMPTY_HINT)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search highlights' })).toBeTruthy();
  });
});
