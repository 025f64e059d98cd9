import { cleanup, configure, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import type { AlsoInLineTestQuery } from './__generated__/AlsoInLineTestQuery.graphql';
import { alsoInText } from './AlsoInLine';
import { ArticleCompactRow } from './ArticleCompactRow';
import { ArticleRow } from './ArticleRow';

const ARTICLE_ID = 'QXJ0aWNsZTox';
const FEEDS = ['The Guardian', 'Hacker News', 'Lobsters', 'The Verge', 'Ars Technica'];

const rowQuery = graphql`
  query AlsoInLineTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleRow_article @alias
      ...ArticleCompactRow_article @alias
    }
  }
`;

function Rows() {
  const { node } = useLazyLoadQuery<AlsoInLineTestQuery>(rowQuery, { id: ARTICLE_ID });
  if (!node?.ArticleRow_article || !node.ArticleCompactRow_article) return null;
  return (
    <>
      <section aria-label="Cards">
        <ArticleRow article={node.ArticleRow_article} />
      </section>
      <section aria-label="Compact">
        <ArticleCompactRow article={node.ArticleCompactRow_article} />
      </section>
    </>
  );
}

/** The list's article, which the viewer's other feeds carry too when `copies` names them. */
function showRows(copies: string[]) {
  const relay = createMockEnvironment({
    AlsoInLineTestQuery: () => ({
      data: {
        node: {
          __typename: 'Article',
          id: ARTICLE_ID,
          title: 'Storm over the bay',
          url: 'https://news.example/storm',
          excerpt: 'The storm came in at dawn.',
          imageUrl: null,
          publishedAt: '2026-01-02T10:00:00.000Z',
          feedTitle: 'Example News',
          isRead: false,
          isLiked: false,
          starred: false,
          enclosures: [],
          counts: { comments: 0, shares: 0, likes: 0 },
          feed: { id: 'RmVlZDox' },
          // The list asks for the names only: opening a copy is the reader's.
          alsoIn: copies.map((feedTitle) => ({ feedTitle })),
          circle: { sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 },
        },
      },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Rows />
    </Suspense>,
    { environment: relay.environment },
  );
}

const row = async (density: 'Cards' | 'Compact') =>
  within(await screen.findByRole('region', { name: density })).getByRole('article', { name: 'Storm over the bay' });

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the "Also in" line', () => {
  it('names up to three feeds, then counts the rest', () => {
    expect(alsoInText([])).toBeNull();
    expect(alsoInText(FEEDS.slice(0, 2))).toBe('Also in: The Guardian, Hacker News');
    expect(alsoInText(FEEDS.slice(0, 3))).toBe('Also in: The Guardian, Hacker News, Lobsters');
    expect(alsoInText(FEEDS.slice(0, 4))).toBe('Also in: The Guardian, Hacker News, Lobsters +1 more');
    expect(alsoInText(FEEDS)).toBe('Also in: The Guardian, Hacker News, Lobsters +2 more');
  });

  it('is not drawn, in either density, for an article no other feed carries', async () => {
    showRows([]);
    for (const density of ['Cards', 'Compact'] as const) {
      const article = await row(density);
      expect(within(article).queryByText(/^Also in/)).toBeNull();
    }
  });

  it('names both other feeds in both densities, as text: the row still opens the article itself', async () => {
    showRows(FEEDS.slice(0, 2));
    for (const density of ['Cards', 'Compact'] as const) {
      const article = await row(density);
      expect(within(article).getByText('Also in: The Guardian, Hacker News')).toBeTruthy();
      expect(within(article).queryByRole('link', { name: /The Guardian|Hacker News/ })).toBeNull();
      expect(within(article).getByRole('link', { name: 'Storm over the bay' }).getAttribute('href')).toBe(`/article/${ARTICLE_ID}`);
    }
  });

  it('names three of five feeds and counts the other two', async () => {
    showRows(FEEDS);
    for (const density of ['Cards', 'Compact'] as const) {
      const article = await row(density);
      expect(within(article).getByText('Also in: The Guardian, Hacker News, Lobsters +2 more')).toBeTruthy();
      expect(within(article).queryByText(/The Verge|Ars Technica/)).toBeNull();
    }
  });
});
