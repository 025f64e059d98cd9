import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { startTestServer } from '../../test/server.ts';
import { newArticle, newPerson, waitFor } from '../../test/socialFixtures.ts';
import { startWorker } from '../jobs/worker.ts';

const COMMENT = 'id linksPending links { url title feedUrl }';
const CREATE_COMMENT = `mutation C($input: CreateCommentInput!) {
  createComment(input: $input) { __typename ... on CreateCommentPayload { commentEdge { node { ${COMMENT} } } } ... on Error { message } }
}`;
const EDIT_COMMENT = `mutation E($id: ID!, $content: String!) {
  editComment(id: $id, content: $content) { __typename ... on Comment { ${COMMENT} } ... on Error { message } }
}`;
const COMMENT_BY_ID = `query N($id: ID!) { node(id: $id) { ... on Comment { ${COMMENT} } } }`;

type CommentAnswer = { id: string; linksPending: boolean; links: { url: string; title: string | null; feedUrl: string | null }[] };

// The feed behind a comment's link is looked for by a job, after the comment is answered: the answer says the look-up
// is pending, and asking for the comment again shows what the job found (the web app asks until it is done).
describe('the feeds behind a comment’s links', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const { services, graphql } = server;
  const ada = await newPerson(services);
  const article = await newArticle(services);
  const ask = async (id: string) => (await graphql(COMMENT_BY_ID, { id }, ada.token)).body.data.node as CommentAnswer;

  it('are pending in the comment as posted and edited, then found by the worker and answered when asked again', async () => {
    const posted = await graphql(
      CREATE_COMMENT,
      { input: { articleId: encodeGlobalID('Article', article.id), content: `Their blog: “${feeds.url('/discovery')}”.` } },
      ada.token,
    );
    const comment = posted.body.data.createComment.commentEdge.node as CommentAnswer;
    expect(comment).toMatchObject({ linksPending: true, links: [{ url: feeds.url('/discovery'), title: null, feedUrl: null }] });
    const plain = await graphql(
      CREATE_COMMENT,
      { input: { articleId: encodeGlobalID('Article', article.id), content: 'No links' } },
      ada.token,
    );
    expect(plain.body.data.createComment.commentEdge.node).toMatchObject({ linksPending: false, links: [] });

    const worker = await startWorker(services, services.databaseUrl);
    try {
      expect(await waitFor(async () => !(await ask(comment.id)).linksPending, 15_000)).toBe(true);
      expect((await ask(comment.id)).links).toEqual([{ url: feeds.url('/discovery'), title: 'Fixture feed', feedUrl: feeds.url('/feed') }]);

      const edited = await graphql(EDIT_COMMENT, { id: comment.id, content: `Better: ${feeds.url('/feed.json')}` }, ada.token);
      expect(edited.body.data.editComment).toMatchObject({ linksPending: true, links: [{ feedUrl: null }] });
      expect(await waitFor(async () => !(await ask(comment.id)).linksPending, 15_000)).toBe(true);
      expect((await ask(comment.id)).links).toEqual([
        { url: feeds.url('/feed.json'), title: 'Fixture JSON feed', feedUrl: feeds.url('/feed.json') },
      ]);
    } finally {
      await worker.stop();
    }
    // REST answers the spec's three fields of each link.
    const rest = await server.rest('GET', `/comments/article/${article.id}`, { token: ada.token });
    const links = rest.body.comments.map((each: { links: string }) => JSON.parse(each.links));
    expect(links).toContainEqual([{ url: feeds.url('/feed.json'), title: 'Fixture JSON feed', feedUrl: feeds.url('/feed.json') }]);
  }, 40_000);
});
