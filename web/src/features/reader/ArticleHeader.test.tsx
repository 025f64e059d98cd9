import { cleanup, configure, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import type { ArticleHeaderTestQuery } from './__generated__/ArticleHeaderTestQuery.graphql';
import { ArticleHeader } from './ArticleHeader';

const ARTICLE_ID = 'QXJ0aWNsZTox';

const headerQuery = graphql`
  query ArticleHeaderTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleHeader_article @alias
    }
  }
`;

function Header() {
  const { node } = useLazyLoadQuery<ArticleHeaderTestQuery>(headerQuery, { id: ARTICLE_ID });
  return node?.ArticleHeader_article ? <ArticleHeader article={node.ArticleHeader_article} titleId="title" /> : null;
}

/** The header of a newsletter issue whose sender takes unsubscriptions at `unsubscribeUrl` (null: not a newsletter). */
function openHeader(unsubscribeUrl: string | null) {
  const relay = createMockEnvironment({
    ArticleHeaderTestQuery: () => ({
      data: {
        node: {
          __typename: 'Article',
          id: ARTICLE_ID,
          title: 'Harbour Weekly #1',
          url: null,
          author: 'Harbour Weekly',
          publishedAt: '2026-01-02T10:00:00.000Z',
          feedTitle: 'Harbour Weekly',
          unsubscribeUrl,
          feed: { id: 'RmVlZDox' },
          alsoIn: [],
          circle: { sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 },
        },
      },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Header />
    </Suspense>,
    { environment: relay.environment, path: `/article/${ARTICLE_ID}` },
  );
}

const unsubscribe = () => screen.queryByRole('link', { name: 'Unsubscribe from this newsletter' });

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the reader’s header of a newsletter issue', () => {
  it('links to the sender’s unsubscribe page in a new tab', async () => {
    openHeader('https://harbour.test/unsubscribe?u=42');
    await screen.findByRole('heading', { level: 1, name: 'Harbour Weekly #1' });
    const link = unsubscribe()!;
    expect(link.getAttribute('href')).toBe('https://harbour.test/unsubscribe?u=42');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('links to a mailto: address as it is', async () => {
    openHeader('mailto:leave@harbour.test?subject=unsubscribe');
    await screen.findByRole('heading', { level: 1, name: 'Harbour Weekly #1' });
    expect(unsubscribe()!.getAttribute('href')).toBe('mailto:leave@harbour.test?subject=unsubscribe');
  });

  it('has no such link for an article that is not a newsletter issue', async () => {
    openHeader(null);
    await screen.findByRole('heading', { level: 1, name: 'Harbour Weekly #1' });
    expect(unsubscribe()).toBeNull();
  });
});
