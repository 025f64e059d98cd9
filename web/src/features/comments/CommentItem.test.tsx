import { act, cleanup, configure, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { GraphQLResponse } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import type { CommentItemTestQuery } from './__generated__/CommentItemTestQuery.graphql';
import { CommentItem } from './CommentItem';
import { LINK_FEEDS_WAITS_MS } from './useLinkFeedsWhenFound';

const COMMENT_ID = 'Q29tbWVudDox';
const BLOG = 'https://blog.example.org/';
const FEED = 'https://blog.example.org/feed.xml';

type Link = { url: string; title: string | null; feedUrl: string | null };

const commentQuery = graphql`
  query CommentItemTestQuery($id: ID!) {
    node(id: $id) {
      ...CommentItem_comment @alias
    }
  }
`;

function Comment() {
  const { node } = useLazyLoadQuery<CommentItemTestQuery>(commentQuery, { id: COMMENT_ID });
  return node?.CommentItem_comment ? <CommentItem comment={node.CommentItem_comment} connectionId="client:comments" /> : null;
}

/** The comment as the server answers it: Ada's, with one link to a blog, its feed looked for or not yet. */
function commentAnswer(linksPending: boolean, links: Link[]): GraphQLResponse {
  return {
    data: {
      node: {
        __typename: 'Comment',
        id: COMMENT_ID,
        articleId: 'QXJ0aWNsZTox',
        content: `Their blog: ${BLOG}`,
        mentions: [],
        createdAt: '2026-01-02T10:00:00.000Z',
        viewerIsAuthor: false,
        linksPending,
        links,
        user: { id: 'VXNlcjoy', name: 'Ada', avatarUrl: null },
      },
    },
  };
}

const notLookedAt: Link[] = [{ url: BLOG, title: null, feedUrl: null }];
const found: Link[] = [{ url: BLOG, title: 'The Blog', feedUrl: FEED }];

function showComment(answer: GraphQLResponse) {
  const relay = createMockEnvironment({ CommentItemTestQuery: () => answer });
  const view = renderWithRouter(
    <Suspense fallback={null}>
      <ul>
        <Comment />
      </ul>
    </Suspense>,
    { environment: relay.environment, path: '/article/QXJ0aWNsZTox' },
  );
  return { ...relay, ...view };
}

/** Lets the next wait of the look-up pass. */
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const asks = (sent: { name: string }[]) => sent.filter((operation) => operation.name === 'useLinkFeedsWhenFoundQuery').length;

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a comment’s subscribe cards', () => {
  it('appear without a reload once the server has found the feed behind a link of a comment just posted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { take, sent, pendingFields } = showComment(commentAnswer(true, notLookedAt));
    expect(await screen.findByRole('link', { name: BLOG })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Subscribe to/ })).toBeNull();

    // Still looking at the first ask: it asks again after the next wait.
    await wait(LINK_FEEDS_WAITS_MS[0]);
    await act(async () => take('node').resolve(commentAnswer(true, notLookedAt)));
    expect(screen.queryByRole('button', { name: /^Subscribe to/ })).toBeNull();
    await wait(LINK_FEEDS_WAITS_MS[1]);
    await act(async () => take('node').resolve(commentAnswer(false, found)));
    expect(await screen.findByRole('button', { name: 'Subscribe to The Blog' })).toBeTruthy();
    expect(screen.getByText(FEED)).toBeTruthy();

    // Found: it asks no more.
    await wait(60_000);
    expect(asks(sent)).toBe(2);
    expect(pendingFields()).toEqual([]);
  });

  it('stop being asked for after the last wait when the look-up never ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { take, sent } = showComment(commentAnswer(true, notLookedAt));
    await screen.findByRole('link', { name: BLOG });
    for (const ms of LINK_FEEDS_WAITS_MS) {
      await wait(ms);
      await act(async () => take('node').resolve(commentAnswer(true, notLookedAt)));
    }
    await wait(120_000);
    expect(asks(sent)).toBe(LINK_FEEDS_WAITS_MS.length);
    expect(screen.queryByRole('button', { name: /^Subscribe to/ })).toBeNull();
  });

  it('are drawn at once, with nothing asked, for a comment whose links were looked at', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sent } = showComment(commentAnswer(false, found));
    expect(await screen.findByRole('button', { name: 'Subscribe to The Blog' })).toBeTruthy();
    await wait(10_000);
    expect(asks(sent)).toBe(0);
  });
});
