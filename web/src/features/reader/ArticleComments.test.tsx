import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import type { ArticleCommentsTestQuery } from './__generated__/ArticleCommentsTestQuery.graphql';
import { ArticleComments } from './ArticleComments';

/** The copy being read (Example News) and the story's copy in The Guardian. */
const READING = 'QXJ0aWNsZTox';
const GUARDIAN_COPY = 'QXJ0aWNsZToy';

const commentsQuery = graphql`
  query ArticleCommentsTestQuery($id: ID!) {
    node(id: $id) {
      ...ArticleComments_article @alias
    }
  }
`;

function Conversation() {
  const { node } = useLazyLoadQuery<ArticleCommentsTestQuery>(commentsQuery, { id: READING });
  return node?.ArticleComments_article ? <ArticleComments article={node.ArticleComments_article} /> : null;
}

const user = (id: string, name: string, isMuted: boolean | null = null) => ({
  __typename: 'User',
  id,
  name,
  username: name.toLowerCase(),
  isMuted,
  avatarUrl: null,
});

const comment = (id: string, articleId: string, content: string, createdAt: string) => ({
  cursor: id,
  node: {
    __typename: 'Comment',
    id,
    articleId,
    content,
    mentions: [],
    createdAt,
    viewerIsAuthor: false,
    linksPending: false,
    links: [],
    user: user(`VXNlcjo${id}`, `Author of ${content}`),
  },
});

const share = (id: string, articleId: string, note: string, createdAt: string) => ({
  node: {
    __typename: 'Share',
    id,
    note,
    quote: null,
    mentions: [],
    isPublic: false,
    createdAt,
    article: { __typename: 'Article', id: articleId },
    user: user(`VXNlcjo${id}`, `Sharer of ${note}`),
  },
});

/** The conversation as the server answers it for either copy: the story's comments and shares. */
function conversationAnswer(id: string) {
  return {
    data: {
      node: {
        __typename: 'Article',
        id,
        counts: { comments: 2 },
        story: {
          id: 'U3Rvcnk6MQ==',
          articles: [
            { id: GUARDIAN_COPY, feedTitle: 'The Guardian' },
            { id: READING, feedTitle: 'Example News' },
          ],
        },
        comments: {
          edges: [
            comment('c2', GUARDIAN_COPY, 'Said on the copy', '2026-01-02T12:00:00.000Z'),
            comment('c1', READING, 'Said here', '2026-01-02T11:00:00.000Z'),
          ],
          pageInfo: { endCursor: 'c1', hasNextPage: false },
        },
        shares: {
          edges: [
            share('s2', GUARDIAN_COPY, 'Shared from the copy', '2026-01-02T10:30:00.000Z'),
            share('s1', READING, 'Shared from here', '2026-01-02T10:00:00.000Z'),
          ],
        },
      },
    },
  };
}

function openConversation(answer = conversationAnswer(READING)) {
  const relay = createMockEnvironment({ ArticleCommentsTestQuery: () => answer });
  renderWithRouter(
    <Suspense fallback={null}>
      <Conversation />
    </Suspense>,
    { environment: relay.environment, path: `/article/${READING}` },
  );
  return relay;
}

/** The conversation's entry that says `text`. */
const entry = (text: string) => screen.getByText(text).closest('li')!;

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the story’s conversation in the reader', () => {
  it('says on which feed a comment or share note was made when it was another copy, and nothing for the copy being read', async () => {
    openConversation();
    const list = await screen.findByRole('list', { name: 'Comments and share notes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(entry('Said on the copy')).getByText('on The Guardian')).toBeTruthy();
    expect(within(entry('Shared from the copy')).getByText('on The Guardian')).toBeTruthy();
    expect(within(entry('Said here')).queryByText(/^on /)).toBeNull();
    expect(within(entry('Shared from here')).queryByText(/^on /)).toBeNull();
    expect(within(list).queryByText('on Example News')).toBeNull();
  });
});

describe('someone else’s comment or share note', () => {
  it('offers Mute @username in its ⋯ menu, which mutes them; the viewer’s own entries offer none', async () => {
    const answer = conversationAnswer(READING);
    // isMuted is null for the viewer themself: only someone else's entries have the menu.
    const ann = user('VXNlcjphbm4=', 'Ann', false);
    answer.data.node.comments.edges[1]!.node.user = ann;
    answer.data.node.shares.edges[0]!.node.user = ann;
    const { take } = openConversation(answer);
    await screen.findByRole('list', { name: 'Comments and share notes' });
    expect(within(entry('Said on the copy')).queryByRole('button', { name: /^More actions/ })).toBeNull();
    const trigger = within(entry('Said here')).getByRole('button', { name: 'More actions for @ann' });
    expect(within(entry('Shared from the copy')).getByRole('button', { name: 'More actions for @ann' })).toBeTruthy();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mute @ann' }));
    const muting = take('muteUser');
    expect(muting.variables).toEqual({ userId: 'VXNlcjphbm4=' });
    await act(async () => muting.resolve({ data: { muteUser: { __typename: 'User', id: 'VXNlcjphbm4=', isMuted: true } } }));
    // Muted, they offer Mute no more (their entries leave the conversation when it next loads).
    await waitFor(() => expect(within(entry('Said here')).queryByRole('button', { name: 'More actions for @ann' })).toBeNull());
  });
});

describe('a comment posted on one copy', () => {
  it('leaves the other copy’s stored conversation stale, so that its reader asks for it again', async () => {
    const relay = openConversation();
    // The Guardian copy was read earlier in the session: its conversation is in the store.
    const otherCopy = createOperationDescriptor(getRequest(commentsQuery), { id: GUARDIAN_COPY });
    relay.environment.commitPayload(otherCopy, conversationAnswer(GUARDIAN_COPY).data);
    relay.environment.retain(otherCopy);
    expect(relay.environment.check(otherCopy).status).toBe('available');

    fireEvent.change(await screen.findByRole('combobox', { name: 'Your comment' }), { target: { value: 'A new thought' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    const posting = relay.take('createComment');
    expect(relay.environment.check(otherCopy).status).toBe('available');
    await act(async () =>
      posting.resolve({
        data: {
          createComment: {
            __typename: 'CreateCommentPayload',
            commentEdge: comment('c3', READING, 'A new thought', '2026-01-02T13:00:00.000Z'),
            article: { id: READING, counts: { comments: 3, shares: 2, likes: 0 } },
          },
        },
      }),
    );
    expect(await screen.findByText('A new thought')).toBeTruthy();
    expect(relay.environment.check(otherCopy).status).toBe('stale');
  });
});

describe('the conversation live', () => {
  const live = (change: string, commentId: string, node: ReturnType<typeof comment>['node'] | null, count: number) => ({
    data: {
      conversationChanged: {
        change,
        commentId,
        comment: node,
        article: { id: READING, counts: { comments: count } },
      },
    },
  });

  it('takes in a comment posted on another copy once, follows its deletion, and keeps the count', async () => {
    const relay = openConversation();
    await screen.findByRole('list', { name: 'Comments and share notes' });
    const posted = comment('c4', GUARDIAN_COPY, 'Live from the copy', '2026-01-02T14:00:00.000Z').node;
    act(() => relay.publish('useConversationSubscription', live('ADDED', 'c4', posted, 3)));
    expect(await screen.findByText('Live from the copy')).toBeTruthy();
    expect(within(entry('Live from the copy')).getByText('on The Guardian')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Comments (5)' })).toBeTruthy();
    // The same event again (the poster's own tab already had it): still one.
    act(() => relay.publish('useConversationSubscription', live('ADDED', 'c4', posted, 3)));
    expect(screen.getAllByText('Live from the copy')).toHaveLength(1);

    act(() => relay.publish('useConversationSubscription', live('EDITED', 'c4', { ...posted, content: 'Edited live' }, 3)));
    expect(await screen.findByText('Edited live')).toBeTruthy();
    act(() => relay.publish('useConversationSubscription', live('DELETED', 'c4', null, 2)));
    await waitFor(() => expect(screen.queryByText('Edited live')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Comments (4)' })).toBeTruthy();
  });
});
