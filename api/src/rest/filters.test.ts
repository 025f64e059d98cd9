import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, type Reader } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { BOOKMARKLET_REFUSED } from '../domain/access/access.ts';

const server = await startTestServer();
const { services, rest, graphql } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';
const NEWEST = new Date('2026-11-20T12:00:00Z');
const minutesAgo = (n: number) => new Date(NEWEST.getTime() - n * 60_000);

const titles = async (reader: Reader, query = '') =>
  (await rest('GET', `/articles?limit=100${query}`, { token: reader.token })).body.articles.map((a: { title: string }) => a.title);
const unreadCount = async (reader: Reader) =>
  (await services.db.feedUnreadCount.aggregate({ where: { userId: reader.id }, _sum: { count: true } }))._sum.count ?? 0;
const addRule = (reader: Reader, body: unknown) => rest('POST', '/filters', { token: reader.token, body });

/** A reader subscribed to one feed of four articles about phones, crypto and a café. */
async function readerWithFeed() {
  const reader = await newReader(services);
  const feed = await newFeed(services, { title: 'Gadget News' });
  await follow(services, reader.id, feed.id);
  const articles = await publish(services, feed.id, [
    { publishedAt: minutesAgo(1), title: 'New phone announced', content: '<p>A <b>phone</b> with a big screen.</p>' },
    { publishedAt: minutesAgo(2), title: 'Crypto prices fall', content: '<p>Bitcoin drops again.</p>', author: 'Zoë Price' },
    { publishedAt: minutesAgo(3), title: 'The best Café in town', content: '<p>Coffee review.</p>' },
    { publishedAt: minutesAgo(4), title: 'Pineapple season', content: '<p>Fruit.</p>' },
  ]);
  return { reader, feed, articles };
}

describe('filter rules over REST', () => {
  it('answers 401 signed out', async () => {
    expect((await rest('GET', '/filters')).status).toBe(401);
    expect((await rest('POST', '/filters', { body: { pattern: 'x', action: 'hide' } })).status).toBe(401);
    expect((await rest('PATCH', `/filters/${MISSING}`, { body: {} })).status).toBe(401);
    expect((await rest('DELETE', `/filters/${MISSING}`)).status).toBe(401);
  });

  it('hides old articles at once, from the list and the counts, and shows them again when the rule goes', async () => {
    const { reader } = await readerWithFeed();
    expect(await unreadCount(reader)).toBe(4);
    const created = await addRule(reader, { pattern: 'crypto, cafe', isRegex: false, fields: ['title'], action: 'hide' });
    expect(created).toMatchObject({
      status: 201,
      body: { filter: { pattern: 'crypto, cafe', fields: ['title'], action: 'hide', feedId: null } },
    });
    expect(await titles(reader)).toEqual(['New phone announced', 'Pineapple season']);
    expect(await titles(reader, '&unread=true')).toEqual(['New phone announced', 'Pineapple season']);
    expect(await unreadCount(reader)).toBe(2);
    expect(await titles(reader, '&filter=hidden')).toEqual(['Crypto prices fall', 'The best Café in town']);

    const listed = await rest('GET', '/filters', { token: reader.token });
    expect(listed.body.filters.map((rule: { id: string }) => rule.id)).toEqual([created.body.filter.id]);
    expect((await rest('DELETE', `/filters/${created.body.filter.id}`, { token: reader.token })).status).toBe(204);
    expect(await titles(reader)).toHaveLength(4);
    expect(await unreadCount(reader)).toBe(4);
    expect(await titles(reader, '&filter=hidden')).toEqual([]);
  });

  it('matches whole words, any case and accents, and regular expressions', async () => {
    const { reader } = await readerWithFeed();
    await addRule(reader, { pattern: 'APPLE', fields: ['title'], action: 'hide' });
    expect(await titles(reader)).toHaveLength(4); // not "Pineapple"
    await addRule(reader, { pattern: 'zoe', fields: ['author'], action: 'hide' });
    expect(await titles(reader)).not.toContain('Crypto prices fall');
    await addRule(reader, { pattern: 'big\\s+screen', isRegex: true, fields: ['content'], action: 'hide' });
    expect(await titles(reader)).toEqual(['The best Café in town', 'Pineapple season']);
  });

  it('keeps only what matches in a feed, marks read and stars', async () => {
    const { reader, feed, articles } = await readerWithFeed();
    await addRule(reader, { pattern: 'phone', fields: ['title', 'content'], action: 'keepOnly', feedId: feed.id });
    expect(await titles(reader)).toEqual(['New phone announced']);
    await addRule(reader, { pattern: 'phone', fields: ['title'], action: 'star' });
    await addRule(reader, { pattern: 'phone', fields: ['title'], action: 'markRead' });
    const starred = await titles(reader, '&starred=true');
    expect(starred).toEqual(['New phone announced']);
    expect(await titles(reader, '&unread=true')).toEqual([]);
    expect(await services.db.articleRead.count({ where: { userId: reader.id, articleId: articles[0]!.id } })).toBe(1);
  });

  it('applies to articles that arrive later, and to a feed subscribed later', async () => {
    const { reader, feed } = await readerWithFeed();
    await addRule(reader, { pattern: 'election', fields: ['title'], action: 'hide' });
    await publish(services, feed.id, [{ publishedAt: minutesAgo(0), title: 'Election night live' }]);
    expect(await titles(reader)).not.toContain('Election night live');
    expect(await titles(reader, '&filter=hidden')).toEqual(['Election night live']);
    expect(await unreadCount(reader)).toBe(4);

    const other = await newFeed(services);
    await publish(services, other.id, [{ publishedAt: minutesAgo(5), title: 'Election results' }]);
    await follow(services, reader.id, other.id);
    expect(await titles(reader)).not.toContain('Election results');
  });

  it('applies folder rules to the folder’s feeds only, and follows a feed moved out of it', async () => {
    const { reader, feed } = await readerWithFeed();
    const folder = await newFolder(services, reader.id);
    const rule = await addRule(reader, { pattern: 'phone', fields: ['title'], action: 'hide', folderId: folder.id });
    expect(rule.status).toBe(201);
    expect(await titles(reader)).toHaveLength(4);
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: feed.id } });
    await rest('POST', `/folders/${folder.id}/move-subscription`, { token: reader.token, body: { subscriptionId: subscription.id } });
    expect(await titles(reader)).toHaveLength(3);
    await rest('POST', '/folders/remove-subscription', { token: reader.token, body: { subscriptionId: subscription.id } });
    expect(await titles(reader)).toHaveLength(4);
  });

  it('changes a rule and re-applies it', async () => {
    const { reader } = await readerWithFeed();
    const { body } = await addRule(reader, { pattern: 'phone', fields: ['title'], action: 'hide' });
    const changed = await rest('PATCH', `/filters/${body.filter.id}`, { token: reader.token, body: { pattern: 'pineapple' } });
    expect(changed).toMatchObject({ status: 200, body: { filter: { pattern: 'pineapple', action: 'hide' } } });
    expect(await titles(reader)).toEqual(['New phone announced', 'Crypto prices fall', 'The best Café in town']);
  });

  it('refuses bad rules with a message that says why, and changes nothing', async () => {
    const { reader } = await readerWithFeed();
    const cases: [unknown, RegExp][] = [
      [{ pattern: '(a)\\1', isRegex: true, action: 'hide' }, /Backreferences/],
      [{ pattern: '(?=x)', isRegex: true, action: 'hide' }, /Lookahead and lookbehind/],
      [{ pattern: 'a{1001}', isRegex: true, action: 'hide' }, /invalid repeat count/],
      [{ pattern: '((a{100}){100}){100}', isRegex: true, action: 'hide' }, /invalid repeat count/],
      [{ pattern: '[', isRegex: true, action: 'hide' }, /missing closing \]/],
      [{ pattern: 'x*', isRegex: true, action: 'hide' }, /matches every article/],
      [{ pattern: 'a'.repeat(501), action: 'hide' }, /at most 500 characters/],
      [{ pattern: '   ', action: 'hide' }, /Enter words/],
      [{ pattern: '!!!', action: 'hide' }, /at least one word/],
      [{ pattern: 'x', action: 'explode' }, /Action must be one of/],
      [{ pattern: 'x', action: 'hide', fields: [] }, /at least one field/],
      [{ pattern: 'x', action: 'hide', fields: ['body'] }, /Each field must be one of/],
      [{ pattern: 'x', action: 'hide', feedId: MISSING }, /Feed not found/],
      [{ pattern: 'x', action: 'hide', folderId: MISSING }, /Folder not found/],
      [{ pattern: 'x', action: 'hide', feedId: 'nope' }, /./],
      [{ pattern: 'x', action: 'hide', extra: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const answer = await addRule(reader, body);
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.error).toMatch(message);
    }
    expect((await rest('GET', '/filters', { token: reader.token })).body.filters).toEqual([]);
    expect(await titles(reader)).toHaveLength(4);
    expect((await rest('PATCH', `/filters/${MISSING}`, { token: reader.token, body: {} })).status).toBe(404);
    expect((await rest('DELETE', '/filters/nope', { token: reader.token })).status).toBe(404);
  });

  it('keeps each reader’s rules their own', async () => {
    const { reader, feed } = await readerWithFeed();
    const other = await newReader(services);
    await follow(services, other.id, feed.id);
    const { body } = await addRule(reader, { pattern: 'phone', action: 'hide' });
    expect(await titles(other)).toContain('New phone announced');
    expect((await rest('DELETE', `/filters/${body.filter.id}`, { token: other.token })).status).toBe(404);
    expect((await rest('PATCH', `/filters/${body.filter.id}`, { token: other.token, body: { pattern: 'x' } })).status).toBe(404);
    const folder = await newFolder(services, other.id);
    expect((await addRule(reader, { pattern: 'x', action: 'hide', folderId: folder.id })).status).toBe(404);
  });

  it('previews what a rule would do among the newest articles', async () => {
    const { reader } = await readerWithFeed();
    const preview = await rest('POST', '/filters/preview', { token: reader.token, body: { pattern: 'phone, crypto', action: 'hide' } });
    expect(preview.status).toBe(200);
    expect(preview.body.examined).toBe(4);
    expect(preview.body.affected).toBe(2);
    expect(preview.body.articles.map((a: { title: string }) => a.title)).toEqual(['New phone announced', 'Crypto prices fall']);
    expect((await rest('GET', '/filters', { token: reader.token })).body.filters).toEqual([]);
    expect(
      (await rest('POST', '/filters/preview', { token: reader.token, body: { pattern: '(', isRegex: true, action: 'hide' } })).status,
    ).toBe(400);
  });

  it('refuses a hundred and first rule', async () => {
    const reader = await newReader(services);
    await services.db.filterRule.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        userId: reader.id,
        pattern: `word${i}`,
        fields: ['title' as const],
        action: 'hide' as const,
      })),
    });
    const answer = await addRule(reader, { pattern: 'one more', action: 'hide' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'You can have at most 100 rules; delete one first' } });
  });

  it('leaves a hidden article out when marked unread, and brings it back unread when the rule goes', async () => {
    const { reader, articles } = await readerWithFeed();
    const { body } = await addRule(reader, { pattern: 'crypto', action: 'hide' });
    await rest('DELETE', `/articles/${articles[1]!.id}/read`, { token: reader.token });
    expect(await titles(reader, '&unread=true')).not.toContain('Crypto prices fall');
    await rest('POST', `/articles/${articles[2]!.id}/read`, { token: reader.token });
    await rest('DELETE', `/filters/${body.filter.id}`, { token: reader.token });
    expect(await titles(reader, '&unread=true')).toEqual(['New phone announced', 'Crypto prices fall', 'Pineapple season']);
  });

  it('is allowed with an API token and refused to a bookmarklet token, on REST and GraphQL', async () => {
    const { reader } = await readerWithFeed();
    const make = async (body: Record<string, unknown>) =>
      (await rest('POST', '/tokens', { token: reader.token, body })).body.token as string;
    const apiToken = await make({ name: 'Reader app' });
    const bookmarklet = await make({ name: 'Bookmarklet', scope: 'bookmarklet' });
    const rule = { pattern: 'crypto', action: 'hide' };
    for (const [method, path] of [
      ['GET', '/filters'],
      ['POST', '/filters'],
      ['POST', '/filters/preview'],
      ['PATCH', `/filters/${MISSING}`],
      ['DELETE', `/filters/${MISSING}`],
    ] as const) {
      expect(await rest(method, path, { token: bookmarklet, body: method === 'GET' ? undefined : rule })).toMatchObject({
        status: 403,
        body: { error: BOOKMARKLET_REFUSED },
      });
    }
    const { body } = await graphql(
      'mutation { createFilterRule(input: { pattern: "crypto", action: hide }) { __typename } }',
      {},
      bookmarklet,
    );
    expect(body.errors?.[0]?.message).toBe(BOOKMARKLET_REFUSED);
    expect(await services.db.filterRule.count({ where: { userId: reader.id } })).toBe(0);
    expect((await addRule({ ...reader, token: apiToken }, rule)).status).toBe(201);
  });

  it('refuses a 61st change of rules in an hour (429, nothing changed), each change counted', async () => {
    const { reader } = await readerWithFeed();
    expect((await addRule(reader, { pattern: 'phone', action: 'hide' })).status).toBe(201);
    const key = `rule-changes:${reader.id}`;
    expect((await services.db.rateLimit.findUniqueOrThrow({ where: { key } })).points).toBe(1);
    await services.db.rateLimit.update({ where: { key }, data: { points: 60 } });
    const refused = await addRule(reader, { pattern: 'crypto', action: 'hide' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have changed your rules 60 times in an hour, the most allowed\. Please try again in /);
    expect((await rest('GET', '/filters', { token: reader.token })).body.filters).toHaveLength(1);
    expect(await titles(reader)).toContain('Crypto prices fall');
  });
});
