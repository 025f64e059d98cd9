import { cleanup, configure, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { ArticleHeader } from '../reader/ArticleHeader';
import type { CircleLineTestQuery } from './__generated__/CircleLineTestQuery.graphql';
import { ArticleCompactRow } from './ArticleCompactRow';
import { ArticleRow } from './ArticleRow';
import { circleText } from './CircleLine';

const ARTICLE_ID = 'QXJ0aWNsZTox';
const PEOPLE = ['Ann', 'Ben', 'Cat', 'Dee', 'Eve'];

const rowQuery = graphql`
  query CircleLineTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleRow_article @alias
      ...ArticleCompactRow_article @alias
      ...ArticleHeader_article @alias
    }
  }
`;

function Views() {
  const { node } = useLazyLoadQuery<CircleLineTestQuery>(rowQuery, { id: ARTICLE_ID });
  if (!node?.ArticleRow_article || !node.ArticleCompactRow_article || !node.ArticleHeader_article) return null;
  return (
    <>
      <section aria-label="Cards">
        <ArticleRow article={node.ArticleRow_article} />
      </section>
      <section aria-label="Compact">
        <ArticleCompactRow article={node.ArticleCompactRow_article} />
      </section>
      <section aria-label="Reader">
        <ArticleHeader article={node.ArticleHeader_article} titleId="reader-title" />
      </section>
    </>
  );
}

const users = (names: string[], prefix: string) =>
  names.map((name, i) => ({
    __typename: 'User',
    id: `${prefix}${i}`,
    name,
    avatarUrl: i === 0 ? `https://img.example/${name}.png` : null,
  }));

/** The article in a card, a compact row and the reader, shared by `sharers` and commented on by `commenters` the viewer follows. */
function show(sharers: string[], commenters: string[]) {
  const relay = createMockEnvironment({
    CircleLineTestQuery: () => ({
      data: {
        node: {
          __typename: 'Article',
          id: ARTICLE_ID,
          title: 'Storm over the bay',
          url: 'https://news.example/storm',
          author: null,
          excerpt: 'The storm came in at dawn.',
          imageUrl: null,
          publishedAt: '2026-01-02T10:00:00.000Z',
          feedTitle: 'Example News',
          feed: { __typename: 'Feed', id: 'RmVlZDox' },
          isRead: false,
          isLiked: false,
          starred: false,
          enclosures: [],
          counts: { comments: commenters.length, shares: sharers.length, likes: 0 },
          alsoIn: [],
          // The server names at most five and counts them all.
          circle: {
            sharedBy: users(sharers.slice(0, 5), 'sharer'),
            commentedBy: users(commenters.slice(0, 5), 'commenter'),
            sharedByCount: sharers.length,
            commentedByCount: commenters.length,
          },
        },
      },
    }),
  });
  renderWithRouter(
    <Suspense fallback={null}>
      <Views />
    </Suspense>,
    { environment: relay.environment },
  );
}

const region = async (name: 'Cards' | 'Compact' | 'Reader') => screen.findByRole('region', { name });
const card = async () => within(await region('Cards')).getByRole('article', { name: 'Storm over the bay' });

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the circle line', () => {
  it('says nothing for nobody, names one or two people, and counts the others past the first', () => {
    expect(circleText([], 0, 'shared this')).toBeNull();
    expect(circleText(PEOPLE.slice(0, 1), 1, 'shared this')).toBe('Ann shared this');
    expect(circleText(PEOPLE.slice(0, 2), 2, 'shared this')).toBe('Ann and Ben shared this');
    expect(circleText(PEOPLE, 5, 'shared this')).toBe('Ann and 4 others you follow shared this');
    expect(circleText(PEOPLE, 9, 'shared this')).toBe('Ann and 8 others you follow shared this');
    expect(circleText(PEOPLE.slice(0, 1), 1, 'commented')).toBe('Ann commented');
    expect(circleText(PEOPLE.slice(0, 2), 2, 'commented')).toBe('Ann and Ben commented');
    expect(circleText(PEOPLE, 5, 'commented')).toBe('Ann and 4 others you follow commented');
    // A count the names fall short of (someone left between the two) still reads as a sentence.
    expect(circleText(PEOPLE.slice(0, 1), 2, 'commented')).toBe('Ann and 1 other you follow commented');
  });

  it('is not drawn when nobody the viewer follows shared or commented', async () => {
    show([], []);
    expect(within(await card()).queryByText(/shared this|commented/)).toBeNull();
    expect(within(await region('Reader')).queryByText(/shared this|commented/)).toBeNull();
  });

  it('names one sharer on the card and in the reader, with their face; the compact row stays compact', async () => {
    show(['Ann'], ['Ben']);
    const article = await card();
    const line = within(article).getByText('Ann shared this').parentElement!;
    expect(line.querySelectorAll('img')).toHaveLength(1);
    expect(within(article).queryByText(/commented/)).toBeNull();
    expect(within(await region('Reader')).getByText('Ann shared this')).toBeTruthy();
    expect(within(await region('Compact')).queryByText(/shared this/)).toBeNull();
  });

  it('names two sharers', async () => {
    show(['Ann', 'Ben'], []);
    expect(within(await card()).getByText('Ann and Ben shared this')).toBeTruthy();
  });

  it('counts past the first of five sharers and draws three faces', async () => {
    show(PEOPLE, []);
    const line = within(await card()).getByText('Ann and 4 others you follow shared this').parentElement!;
    // One picture and two initials; the other two people are only counted.
    expect(line.querySelectorAll('img')).toHaveLength(1);
    expect([...line.querySelectorAll(':scope > span[aria-hidden="true"] > *')].map((face) => face.textContent)).toEqual(['', 'B', 'C']);
  });

  it('tells who commented when nobody shared', async () => {
    show([], ['Cat', 'Dee']);
    expect(within(await card()).getByText('Cat and Dee commented')).toBeTruthy();
    expect(within(await region('Reader')).getByText('Cat and Dee commented')).toBeTruthy();
  });
});
