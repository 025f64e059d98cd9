import { waitFor } from '../../../test/socialFixtures.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { createComment, deleteComment, editComment } from '../../domain/social/comments.ts';
import { mute } from '../../domain/social/mutes.ts';

/** conversationChanged through a real graphql-ws client: a comment on any copy of a story reaches its readers live. */
const server = await startTestServer();
const { services } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
});

const SUBSCRIPTION = `subscription C($id: ID!) { conversationChanged(articleId: $id) {
  change commentId onThisCopy comment { content } article { id counts { comments } } } }`;

type Change = {
  change: string;
  commentId: string;
  onThisCopy: boolean;
  comment: { content: string } | null;
  article: { counts: { comments: number } };
};

function listen(token: string | null, articleId: string) {
  const client = createClient({
    url: wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  clients.push(client);
  const changes: Change[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ conversationChanged: Change }>(
    { query: SUBSCRIPTION, variables: { id: articleId } },
    {
      // A failure before subscribing arrives as a result with errors.
      next: (value) => (value.data ? changes.push(value.data.conversationChanged) : errors.push(value.errors)),
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return { changes, errors };
}

describe('conversationChanged', async () => {
  const [ann, ben] = [await newReader(services), await newReader(services)];
  const [paper, wire] = [await newFeed(services, { title: 'Paper' }), await newFeed(services, { title: 'Wire' })];
  await follow(services, ann.id, paper.id);
  await follow(services, ben.id, wire.id);
  const at = new Date(Date.now() - 3_600_000);
  const [annsCopy] = await publish(services, paper.id, [{ publishedAt: at, url: 'https://harbour.example/news/ferry-returns' }]);
  const [bensCopy, elsewhere] = await publish(services, wire.id, [
    { publishedAt: at, url: 'https://harbour.example/news/ferry-returns?utm_medium=wire' },
    { publishedAt: at, title: 'Another story' },
  ]);

  it('brings a comment made on another copy, its edit and its deletion, with the story’s count', async () => {
    const live = listen(ann.token, encodeGlobalID('Article', annsCopy!.id));
    // The server registers the subscription a moment after the client sends it: comment until one arrives.
    const isAdded = (change: Change) => change.change === 'ADDED';
    for (let attempt = 0; attempt < 50 && !live.changes.some(isAdded); attempt++) {
      await createComment(services, ben.viewer, { articleId: bensCopy!.id, content: `The ferry is back! (${attempt})` });
      await waitFor(() => live.changes.some(isAdded), 200);
    }
    expect(live.errors).toEqual([]);
    const added = live.changes.find(isAdded)!;
    expect(added).toMatchObject({ onThisCopy: false, comment: { content: expect.stringMatching(/^The ferry is back!/) } });
    const first = await services.db.comment.findFirstOrThrow({ where: { content: added.comment!.content }, select: { id: true } });
    expect(added.commentId).toBe(encodeGlobalID('Comment', first.id));
    const comments = await services.db.comment.count({ where: { articleId: bensCopy!.id } });

    await createComment(services, ben.viewer, { articleId: elsewhere!.id, content: 'Not about the ferry' });
    await editComment(services, ben.viewer, first.id, { content: 'The ferry is back, at last!' });
    expect(await waitFor(() => live.changes.at(-1)?.change === 'EDITED')).toBe(true);
    await deleteComment(services, ben.viewer, first.id);
    expect(await waitFor(() => live.changes.at(-1)?.change === 'DELETED')).toBe(true);
    const [edited, deleted] = live.changes.slice(-2);
    expect(edited).toMatchObject({ change: 'EDITED', comment: { content: 'The ferry is back, at last!' } });
    expect(deleted).toMatchObject({ change: 'DELETED', comment: null, article: { counts: { comments: comments - 1 } } });
    expect(live.changes.some((change) => change.comment?.content === 'Not about the ferry')).toBe(false);
  });

  it('leaves out the comments of someone the reader muted', async () => {
    const cara = await newReader(services);
    await mute(services, ann.viewer, ben.id);
    const live = listen(ann.token, encodeGlobalID('Article', annsCopy!.id));
    const fromCara = (change: Change) => change.comment?.content.startsWith('Cara says') ?? false;
    for (let attempt = 0; attempt < 50 && !live.changes.some(fromCara); attempt++) {
      await createComment(services, ben.viewer, { articleId: bensCopy!.id, content: `Ben says ${attempt}` });
      await createComment(services, cara.viewer, { articleId: bensCopy!.id, content: `Cara says ${attempt}` });
      await waitFor(() => live.changes.some(fromCara), 200);
    }
    expect(live.changes.some(fromCara)).toBe(true);
    expect(live.changes.some((change) => change.comment?.content.startsWith('Ben says'))).toBe(false);
  });

  it('answers an anonymous subscriber with UNAUTHENTICATED, and never sends it a comment', async () => {
    const anonymous = listen(null, encodeGlobalID('Article', annsCopy!.id));
    expect(await waitFor(() => anonymous.errors.length > 0)).toBe(true);
    expect(JSON.stringify(anonymous.errors[0])).toContain('UNAUTHENTICATED');
    await createComment(services, ben.viewer, { articleId: bensCopy!.id, content: 'Not for strangers' });
    expect(await waitFor(() => anonymous.changes.length > 0, 300)).toBe(false);
  });

  it('refuses a malformed id and answers not found for an unknown article, before subscribing', async () => {
    const malformed = listen(ann.token, 'not an id');
    const unknown = listen(ann.token, encodeGlobalID('Article', '00000000-0000-7000-8000-000000000000'));
    expect(await waitFor(() => malformed.errors.length > 0 && unknown.errors.length > 0)).toBe(true);
    expect(JSON.stringify(malformed.errors)).toContain('BAD_USER_INPUT');
    expect(JSON.stringify(unknown.errors)).toContain('Article not found');
  });
});
