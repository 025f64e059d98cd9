import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { personalDigest } from '../domain/digests/digestContent.ts';
import { personalActivity } from '../domain/digests/personalActivity.ts';
import { gatherArticles } from '../domain/export/gather.ts';
import { exportOptions } from '../domain/export/input.ts';

const server = await startTestServer();
const { services, rest } = server;
const NEWEST = new Date('2026-11-20T12:00:00Z');
const TEXT = 'The harbour reopened on Monday. Forty-two boats left before nine. The harbour master was pleased (at last)!';

async function readerWithArticle(title = 'The harbour reopens') {
  const reader = await newReader(services);
  const feed = await newFeed(services);
  await follow(services, reader.id, feed.id);
  const [article] = await publish(services, feed.id, [{ publishedAt: NEWEST, title, content: `<p>${TEXT}</p>` }]);
  return { reader, article: article! };
}

const exact = 'Forty-two boats left before nine.';
const start = TEXT.indexOf(exact);

describe('highlights over REST', () => {
  it('keeps a passage with its selectors and note, lists, edits and deletes it; another reader’s is not found', async () => {
    const { reader, article } = await readerWithArticle();
    const created = await rest('POST', `/articles/${article.id}/highlights`, {
      token: reader.token,
      body: { exact, prefix: 'on Monday. ', suffix: ' The harbour', start, end: start + exact.length, note: 'A good <b>day</b>' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { id: expect.any(String), exact, start, end: start + exact.length, note: 'A good <b>day</b>' },
    });
    const id = created.body.id as string;
    const quoteOnly = await rest('POST', `/articles/${article.id}/highlights`, {
      token: reader.token,
      body: { exact: 'The harbour reopened' },
    });
    expect(quoteOnly.body).toMatchObject({ prefix: '', suffix: '', start: null, end: null, note: null });

    const listed = (await rest('GET', `/articles/${article.id}/highlights`, { token: reader.token })).body.highlights;
    expect(listed.map((h: { id: string }) => h.id)).toEqual([id, quoteOnly.body.id]);

    expect((await rest('PATCH', `/highlights/${id}`, { token: reader.token, body: { note: '  ' } })).body.note).toBeNull();

    const other = await newReader(services);
    expect((await rest('GET', `/articles/${article.id}/highlights`, { token: other.token })).body.highlights).toEqual([]);
    expect((await rest('DELETE', `/highlights/${id}`, { token: other.token })).status).toBe(404);
    expect((await rest('PATCH', `/highlights/${id}`, { token: other.token, body: { note: 'mine' } })).status).toBe(404);
    expect((await rest('DELETE', `/highlights/${id}`, { token: reader.token })).status).toBe(204);
    expect((await rest('DELETE', `/highlights/${id}`, { token: reader.token })).status).toBe(404);
    expect((await rest('DELETE', '/highlights/not-an-id', { token: reader.token })).status).toBe(404);
  });

  it('refuses bad selections and notes with a clear reason, storing nothing', async () => {
    const { reader, article } = await readerWithArticle();
    const refusals: [unknown, string][] = [
      [{}, 'The highlighted text is missing'],
      [{ exact: '   ' }, 'Select some text to highlight'],
      [{ exact: 'x'.repeat(10_000) }, 'A highlight can hold at most 5,000 characters'],
      [{ exact, start: 3 }, 'Give both start and end, or neither'],
      [{ exact, start: 3, end: 4 }, 'end - start must be the length of exact'],
      [{ exact, start: -1, end: exact.length - 1 }, 'start must be 0 or more'],
      [{ exact, note: 'n'.repeat(2001) }, 'A note must be at most 2,000 characters'],
      [{ exact, prefix: 'p'.repeat(201) }, 'prefix must be at most 200 characters'],
      [{ exact, colour: 'yellow' }, 'colour'],
      [{ exact: 'a\u0000b' }, 'NUL'],
    ];
    for (const [body, message] of refusals) {
      const answer = await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    expect(
      (await rest('POST', '/articles/0190a000-0000-7000-8000-000000000000/highlights', { token: reader.token, body: { exact } })).status,
    ).toBe(404);
    expect((await rest('POST', `/articles/${article.id}/highlights`, { body: { exact } })).status).toBe(401);
    expect(await services.db.highlight.count({ where: { userId: reader.id } })).toBe(0);
  });

  it('lists all of a reader’s highlights newest first with their articles, searchable, page by page', async () => {
    const { reader, article } = await readerWithArticle('Harbour news');
    for (const passage of ['The harbour reopened', 'Forty-two boats', 'master was pleased']) {
      await rest('POST', `/articles/${article.id}/highlights`, {
        token: reader.token,
        body: { exact: passage, note: passage === 'Forty-two boats' ? 'Count them' : null },
      });
    }
    const first = (await rest('GET', '/highlights?limit=2', { token: reader.token })).body;
    expect(first.highlights.map((h: { exact: string }) => h.exact)).toEqual(['master was pleased', 'Forty-two boats']);
    expect(first.highlights[0].article).toMatchObject({ id: article.id, title: 'Harbour news', feedTitle: expect.any(String) });
    const rest2 = (await rest('GET', `/highlights?limit=2&cursor=${first.nextCursor}`, { token: reader.token })).body;
    expect(rest2).toMatchObject({ highlights: [{ exact: 'The harbour reopened' }], nextCursor: null });
    const found = (await rest('GET', '/highlights?search=count', { token: reader.token })).body.highlights;
    expect(found.map((h: { exact: string }) => h.exact)).toEqual(['Forty-two boats']);
    expect((await rest('GET', '/highlights?search=harbour%20news', { token: reader.token })).body.highlights).toHaveLength(3);
    expect((await rest('GET', '/highlights?cursor=nonsense', { token: reader.token })).status).toBe(400);
  });

  it('exports as Markdown grouped by article and as W3C Web Annotations', async () => {
    const { reader, article } = await readerWithArticle('Harbour (news) [weekly]');
    await rest('POST', `/articles/${article.id}/highlights`, {
      token: reader.token,
      body: {
        exact,
        prefix: 'on Monday. ',
        suffix: ' The harbour',
        start,
        end: start + exact.length,
        note: 'Count them! <script>x</script>',
      },
    });
    await rest('POST', `/articles/${article.id}/highlights`, {
      token: reader.token,
      body: { exact: 'The harbour master was pleased (at last)!' },
    });

    const markdown = await fetch(`${server.url}/api/highlights/export?format=markdown`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    const text = await markdown.text();
    expect(text).toContain(`> ${exact}`);
    expect(text).toContain('> The harbour master was pleased (at last)!');
    expect(text).toContain('Count them! &lt;script>x&lt;/script>');
    expect(text).toContain('## [Harbour (news) \\[weekly\\]](<https://reading.example.org/articles/');
    expect(text.indexOf(exact)).toBeLessThan(text.indexOf('master was pleased'));

    const json = await fetch(`${server.url}/api/highlights/export?format=json`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(json.headers.get('content-type')).toContain('json');
    const annotations = await json.json();
    expect(annotations).toHaveLength(2);
    const noted = annotations.find((a: { body?: unknown }) => a.body);
    expect(noted).toMatchObject({
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      type: 'Annotation',
      motivation: 'commenting',
      body: { type: 'TextualBody', value: 'Count them! <script>x</script>', format: 'text/plain' },
      target: {
        source: expect.stringContaining('https://reading.example.org/articles/'),
        selector: [
          { type: 'TextQuoteSelector', exact, prefix: 'on Monday. ', suffix: ' The harbour' },
          { type: 'TextPositionSelector', start, end: start + exact.length },
        ],
      },
    });
    expect((await rest('GET', '/highlights/export?format=pdf', { token: reader.token })).status).toBe(400);
  });
});

describe('highlights over GraphQL', () => {
  it('are made, read on the article and the Highlights list, noted and deleted; another reader sees none of them', async () => {
    const { reader, article } = await readerWithArticle();
    const articleId = encodeGlobalID('Article', article.id);
    const created = await server.graphql(
      `mutation C($articleId: ID!) { createHighlight(articleId: $articleId, exact: "Forty-two boats left before nine.", prefix: "Monday. ", note: "Count") {
        __typename ... on Highlight { id exact prefix note article { title } } ... on Error { message } } }`,
      { articleId },
      reader.token,
    );
    const highlight = created.body.data.createHighlight;
    expect(highlight).toMatchObject({
      __typename: 'Highlight',
      exact,
      prefix: 'Monday. ',
      note: 'Count',
      article: { title: 'The harbour reopens' },
    });

    const read = `query R($id: ID!) { node(id: $id) { ... on Article { highlights { id note } } } highlights(first: 5) { edges { node { id exact } } } }`;
    expect((await server.graphql(read, { id: articleId }, reader.token)).body.data).toEqual({
      node: { highlights: [{ id: highlight.id, note: 'Count' }] },
      highlights: { edges: [{ node: { id: highlight.id, exact } }] },
    });
    const other = await newReader(services);
    expect((await server.graphql(read, { id: articleId }, other.token)).body.data).toEqual({
      node: { highlights: [] },
      highlights: { edges: [] },
    });
    const stolen = await server.graphql(
      `mutation D($id: ID!) { deleteHighlight(id: $id) { __typename ... on Error { message } } }`,
      { id: highlight.id },
      other.token,
    );
    expect(stolen.body.data.deleteHighlight).toEqual({ __typename: 'NotFoundError', message: 'Highlight not found' });

    const noted = await server.graphql(
      `mutation U($id: ID!) { updateHighlight(id: $id, note: "Forty-two") { ... on Highlight { note } } }`,
      { id: highlight.id },
      reader.token,
    );
    expect(noted.body.data.updateHighlight).toEqual({ note: 'Forty-two' });
    const deleted = await server.graphql(
      `mutation D($id: ID!) { deleteHighlight(id: $id) { ... on DeleteHighlightPayload { deletedHighlightId } } }`,
      { id: highlight.id },
      reader.token,
    );
    expect(deleted.body.data.deleteHighlight).toEqual({ deletedHighlightId: highlight.id });
  });
});

describe('a highlight shared as a quote', () => {
  it('is a share of its own, in the public RSS feed as an escaped blockquote when public, updated when shared again', async () => {
    const { reader, article } = await readerWithArticle('Quote source');
    const passage = 'The harbour master was pleased (at last) <b>really</b>';
    const { id } = (
      await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body: { exact: passage, note: 'Private note' } })
    ).body;
    const plain = await rest('POST', '/social/share', {
      token: reader.token,
      body: { articleId: article.id, note: 'The article', isPublic: true },
    });
    expect(plain.status).toBe(200);

    const shared = await rest('POST', `/highlights/${id}/share`, { token: reader.token, body: { note: 'Look at this', isPublic: true } });
    expect(shared).toMatchObject({
      status: 200,
      body: { share: { quote: passage, note: 'Look at this', isPublic: true, articleId: article.id } },
    });
    const again = await rest('POST', `/highlights/${id}/share`, { token: reader.token, body: { note: 'Changed', isPublic: true } });
    expect(again.body.share.id).toBe(shared.body.share.id);
    expect(await services.db.share.count({ where: { userId: reader.id, articleId: article.id } })).toBe(2);

    const rss = await (await fetch(`${server.url}/api/public/rss`)).text();
    expect(rss).toContain(
      '&lt;blockquote&gt;The harbour master was pleased (at last) &amp;lt;b&amp;gt;really&amp;lt;/b&amp;gt;&lt;/blockquote&gt;',
    );
    expect(rss).toContain('Changed');
    expect(rss).not.toContain('Private note');

    const other = await newReader(services);
    expect((await rest('POST', `/highlights/${id}/share`, { token: other.token, body: { isPublic: false } })).status).toBe(404);
    expect((await rest('POST', `/highlights/${id}/share`, { token: reader.token, body: { isPublic: 'yes' } })).status).toBe(400);
    // Deleting the highlight takes its quote share with it; the plain share stays.
    await rest('DELETE', `/highlights/${id}`, { token: reader.token });
    expect(await services.db.share.count({ where: { userId: reader.id, articleId: article.id } })).toBe(1);
  });
});

describe('highlights in the weekly digest', () => {
  it('lists the week’s highlights with their articles and notes under “Your highlights this week”', async () => {
    const { reader, article } = await readerWithArticle('Digest source');
    await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body: { exact, note: 'Count *them*' } });
    const week = await personalActivity(services.db, reader.id, new Date(Date.now() - 7 * 86_400_000), new Date(Date.now() + 60_000));
    const { content } = personalDigest(week, 'this week');
    const section = content.slice(content.indexOf('## Your highlights this week'));
    expect(section).toContain(`- “Forty-two boats left before nine.” in [Digest source](/article/${article.id}) — *Count \\*them\\**`);
  });
});

describe('highlights in PDF and EPUB exports', () => {
  it('follow their article as “Your highlights”: each passage a quote, its note after it', async () => {
    const { reader, article } = await readerWithArticle('Export source');
    await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body: { exact, note: 'Count them' } });
    await rest('POST', `/articles/${article.id}/like`, { token: reader.token });
    const [exported] = await gatherArticles(
      services,
      reader.id,
      exportOptions.parse({ days: 7, includeLiked: true }),
      new Date(Date.now() + 60_000),
    );
    expect(exported!.blocks.slice(-3)).toEqual([
      { kind: 'heading', level: 3, inlines: [{ text: 'Your highlights' }] },
      { kind: 'quote', blocks: [{ kind: 'paragraph', inlines: [{ text: exact }] }] },
      { kind: 'paragraph', inlines: [{ text: 'Count them', italic: true }] },
    ]);
  });
});

describe('others’ highlights on an article', () => {
  it('are those shared as quotes that the viewer may see, without their private notes', async () => {
    const { reader, article } = await readerWithArticle('Shared passages');
    const { id } = (await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body: { exact, note: 'Mine only' } }))
      .body;
    await rest('POST', `/highlights/${id}/share`, { token: reader.token, body: { isPublic: false, note: 'For my followers' } });
    const [follower, stranger] = [await newReader(services), await newReader(services)];
    await rest('POST', `/social/follow/${reader.id}`, { token: follower.token });
    const query = `query R($id: ID!) { node(id: $id) { ... on Article { highlights { exact note viewerIsAuthor user { username } } } } }`;
    const seen = async (token: string) =>
      (await server.graphql(query, { id: encodeGlobalID('Article', article.id) }, token)).body.data.node.highlights;
    expect(await seen(follower.token)).toEqual([{ exact, note: null, viewerIsAuthor: false, user: { username: reader.username } }]);
    expect(await seen(stranger.token)).toEqual([]);
    expect(await seen(reader.token)).toEqual([{ exact, note: 'Mine only', viewerIsAuthor: true, user: { username: reader.username } }]);
    // REST lists the caller's own only.
    expect((await rest('GET', `/articles/${article.id}/highlights`, { token: follower.token })).body.highlights).toEqual([]);
  });
});

describe('who may reach highlights', () => {
  it('refuses a signed-out caller and a bookmarklet token everywhere, and lets an API token act as its reader', async () => {
    const { reader, article } = await readerWithArticle('Credentials');
    const bookmarklet = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } })).body
      .token as string;
    const apiToken = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Reader app' } })).body.token as string;
    const calls: [string, string, unknown?][] = [
      ['POST', `/articles/${article.id}/highlights`, { exact }],
      ['GET', `/articles/${article.id}/highlights`],
      ['GET', '/highlights'],
      ['GET', '/highlights/export?format=json'],
      ['POST', '/newsletters/address/regenerate'],
      ['GET', '/newsletters/address'],
    ];
    for (const [method, path, body] of calls) {
      expect((await rest(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
      expect((await rest(method, path, { body, token: bookmarklet })).status, `${method} ${path} bookmarklet`).toBe(403);
    }
    expect(await services.db.highlight.count({ where: { articleId: article.id } })).toBe(0);
    expect((await rest('POST', `/articles/${article.id}/highlights`, { token: apiToken, body: { exact } })).status).toBe(201);
  });
});
