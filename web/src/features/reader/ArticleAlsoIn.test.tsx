import { cleanup, configure, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticleLinkContext } from '../articles/articleLink';
import type { ArticleAlsoInTestQuery } from './__generated__/ArticleAlsoInTestQuery.graphql';
import { ArticleHeader } from './ArticleHeader';

const ARTICLE_ID = 'QXJ0aWNsZTox';
const COPIES = [
  { feedTitle: 'The Guardian', article: { id: 'QXJ0aWNsZToy' } },
  { feedTitle: 'Hacker News', article: { id: 'QXJ0aWNsZToz' } },
];

const headerQuery = graphql`
  query ArticleAlsoInTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleHeader_article @alias
    }
  }
`;

function Header() {
  const { node } = useLazyLoadQuery<ArticleAlsoInTestQuery>(headerQuery, { id: ARTICLE_ID });
  return node?.ArticleHeader_article ? <ArticleHeader article={node.ArticleHeader_article} titleId="title" /> : null;
}

function openHeader(copies: typeof COPIES, besideTheList = false) {
  const relay = createMockEnvironment({
    ArticleAlsoInTestQuery: () => ({
      data: {
        node: {
          __typename: 'Article',
          id: ARTICLE_ID,
          title: 'Storm over the bay',
          url: 'https://news.example/storm',
          author: null,
          publishedAt: '2026-01-02T10:00:00.000Z',
          feedTitle: 'Example News',
          feed: { id: 'RmVlZDox' },
          alsoIn: copies.map((copy) => ({ ...copy, article: { __typename: 'Article', ...copy.article } })),
          circle: { sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 },
        },
      },
    }),
  });
  const header = (
    <Suspense fallback={null}>
      <Header />
    </Suspense>
  );
  renderWithRouter(
    besideTheList ? (
      <ArticleLinkContext value={(id) => ({ to: '/articles', search: { article: id } })}>{header}</ArticleLinkContext>
    ) : (
      header
    ),
    { environment: relay.environment, path: `/article/${ARTICLE_ID}` },
  );
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the reader’s other copies of the story', () => {
  it('are links under the header, each opening its copy in the reader', async () => {
    openHeader(COPIES);
    const line = (await screen.findByText('Also in:')).parentElement!;
    const links = within(line).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['The Guardian', '/article/QXJ0aWNsZToy'],
      ['Hacker News', '/article/QXJ0aWNsZToz'],
    ]);
    expect(line.closest('header')).toBeTruthy();
  });

  it('open beside the list when the reader is there, as the list’s own links do', async () => {
    openHeader(COPIES, true);
    const guardian = await screen.findByRole('link', { name: 'The Guardian' });
    expect(guardian.getAttribute('href')).toBe('/articles?article=QXJ0aWNsZToy');
  });

  it('are not mentioned when no other feed carries the story', async () => {
    openHeader([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Storm over the bay' })).toBeTruthy();
    expect(screen.queryByText('Also in:')).toBeNull();
  });
});
