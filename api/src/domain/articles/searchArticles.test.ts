import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  follow,
  newFeed,
  newReader,
  newestFirst,
  publish,
  timeline,
  walkArticles,
  type StoredArticle,
} from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import type { Viewer } from '../core/services.ts';
import { articleQuery } from './articleQuery.ts';
import { likeArticle, markArticleRead } from './articleState.ts';
import { countArticles, listArticles } from './listArticles.ts';
import { searchWayForTests } from './searchWay.ts';

// Full-text search (websearch_to_tsquery over the title and the content's text) within the viewer's lists.

const services = await createTestServices();
const T0 = new Date('2025-05-20T18:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(T0.getTime() - minutes * 60_000);

const ada = await newReader(services);
const bob = await newReader(services);
const adasFeed = await newFeed(services, { title: 'Ada reads' });
const bobsFeed = await newFeed(services, { title: 'Bob reads' });
await follow(services, ada.id, adasFeed.id);
await follow(services, bob.id, bobsFeed.id);

const corpus: [title: string, content: string][] = [
  ['They run every morning', '<p>Five kilometres before breakfast.</p>'],
  ['Formatting matters', '<p>This is <strong>bold</strong> and <em>emphasised</em> text.</p>'],
  ['A strong coffee', '<p>Brewed dark.</p>'],
  ['Green tea ceremonies', '<p>An old ritual.</p>'],
  ['Tea that is green', '<p>Matcha and sencha.</p>'],
  ['Black tea at four', '<p>With milk.</p>'],
  ['Coffee shops', '<p>Where people <a href="https://example.org/marathon">meet</a>.</p>'],
  ['Cartoons', '<p>Tom & Jerry, and 5 < 6 &nbsp;of them.</p>'],
  ['Deep in the text', '<p>Nothing in the title, but the body talks about a <em>xylograph</em>.</p>'],
];
const stored = await publish(
  services,
  adasFeed.id,
  corpus.map(([title, content], i) => ({ title, content, publishedAt: minutesAgo(i) })),
);
const byTitle = (title: string) => stored.find((article) => article.title === title)!;
const [bobsRunning] = await publish(services, bobsFeed.id, [
  { title: 'Running late', content: '<p>Tea too.</p>', publishedAt: minutesAgo(30) },
]);

async function search(viewer: Viewer, text: string, input: Record<string, unknown> = {}) {
  const query = await articleQuery(services, viewer, { filter: 'all', search: text, ...input });
  const page = await listArticles(services, query);
  expect(await countArticles(services, query)).toBe(page.articles.length);
  return page.articles.map((article) => article.title);
}

// Every case each way a search reads (searchWay.ts): its rare words' matches first, or in steps of weeks, each step
// checking the viewer's feeds in the search index or on the rows of its matches (as many of the instance's matches a
// week make cheaper: Infinity none on the rows, 0 all, 5 the steps of under two weeks for a reader of one feed).
describe.each([
  ['words', 'words', null],
  ['steps, feeds in the index', 'steps', Infinity],
  ['steps, feeds on the rows', 'steps', 0],
  ['steps, the short ones on the rows', 'steps', 5],
] as const)('searching articles, read by %s', (_, way, weeklyMatches) => {
  beforeAll(() => void Object.assign(searchWayForTests, { forced: way, weeklyMatches }));
  afterAll(() => void Object.assign(searchWayForTests, { forced: null, weeklyMatches: null }));

  it('finds words in the title and in the text', async () => {
    expect(await search(ada.viewer, 'coffee')).toEqual(['A strong coffee', 'Coffee shops']);
    expect(await search(ada.viewer, 'xylograph')).toEqual(['Deep in the text']);
  });

  it('matches words of the text, not HTML markup or link addresses', async () => {
    expect(await search(ada.viewer, 'strong')).toEqual(['A strong coffee']);
    expect(await search(ada.viewer, 'em')).toEqual([]);
    expect(await search(ada.viewer, 'marathon')).toEqual([]);
    expect(await search(ada.viewer, 'bold')).toEqual(['Formatting matters']);
  });

  it('does not match the names of HTML character references (&amp; &lt; &nbsp;) as words', async () => {
    expect(await search(ada.viewer, 'jerry')).toEqual(['Cartoons']);
    expect(await search(ada.viewer, 'amp')).toEqual([]);
    expect(await search(ada.viewer, 'lt')).toEqual([]);
    expect(await search(ada.viewer, 'nbsp')).toEqual([]);
  });

  it('finds other forms of a word (english stemming)', async () => {
    expect(await search(ada.viewer, 'running')).toEqual(['They run every morning']);
    expect(await search(ada.viewer, 'runs')).toEqual(['They run every morning']);
    expect(await search(ada.viewer, 'ceremony')).toEqual(['Green tea ceremonies']);
  });

  it('understands web search syntax: "phrases", -exclusion and or', async () => {
    expect(await search(ada.viewer, '"green tea"')).toEqual(['Green tea ceremonies']);
    expect(await search(ada.viewer, 'green tea')).toEqual(['Green tea ceremonies', 'Tea that is green']);
    expect(await search(ada.viewer, 'tea -green')).toEqual(['Black tea at four']);
    expect(await search(ada.viewer, 'coffee or matcha')).toEqual(['A strong coffee', 'Tea that is green', 'Coffee shops']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search(ada.viewer, 'zeppelin')).toEqual([]);
  });

  it('searches an empty unread, liked or starred list (it has no oldest row to stop at), then finds what the list holds', async () => {
    const reader = await newReader(services);
    for (const filter of ['unread', 'liked', 'starred']) expect(await search(reader.viewer, 'coffee', { filter })).toEqual([]);
    await likeArticle(services, reader.viewer, byTitle('Coffee shops').id);
    expect(await search(reader.viewer, 'coffee', { filter: 'liked' })).toEqual(['Coffee shops']);
    expect(await search(reader.viewer, 'coffee', { filter: 'starred' })).toEqual([]);
  });

  it.each([
    '"unbalanced quote',
    'quote" in the middle',
    '-',
    '- - -',
    '-tea',
    '&|!:*()',
    'tea & coffee | (milk)',
    'tea:* !coffee',
    '<->',
    '🚀 🍵',
    '\'; DROP TABLE "Article"; --',
    "' OR 1=1 --",
    '\\',
    '%_%',
    'or',
    'the and of',
    '""',
    '<strong>',
  ])('never fails on odd input: %j', async (text) => {
    const titles = await search(ada.viewer, text, { filter: 'unread' });
    expect(Array.isArray(titles)).toBe(true);
    expect(await search(ada.viewer, text, { filter: 'liked' })).toEqual([]);
  });

  it("searches only the viewer's own feeds in unread and all", async () => {
    expect(await search(ada.viewer, 'running')).not.toContain('Running late');
    expect(await search(ada.viewer, 'running', { filter: 'unread' })).toEqual(['They run every morning']);
    expect(await search(bob.viewer, 'running')).toEqual(['Running late']);
    expect(await search(bob.viewer, 'coffee')).toEqual([]);
    expect(await search(ada.viewer, 'running', { feedId: bobsFeed.id })).toEqual([]);
  });

  it('combines with unread, liked, a feed and beforeDate', async () => {
    const viewer = (await newReader(services)).viewer;
    await follow(services, viewer.id, adasFeed.id);
    await markArticleRead(services, viewer, byTitle('Green tea ceremonies').id);
    await likeArticle(services, viewer, byTitle('Tea that is green').id);
    await likeArticle(services, viewer, bobsRunning!.id);

    expect(await search(viewer, 'tea', { filter: 'unread' })).toEqual(['Tea that is green', 'Black tea at four']);
    expect(await search(viewer, 'tea', { filter: 'liked' })).toEqual(['Tea that is green', 'Running late']);
    expect(await search(viewer, 'tea', { filter: 'liked', feedId: bobsFeed.id })).toEqual(['Running late']);
    expect(await search(viewer, 'tea', { filter: 'all', feedId: adasFeed.id })).toEqual([
      'Green tea ceremonies',
      'Tea that is green',
      'Black tea at four',
    ]);
    // Strictly before: the article published at that instant is the one a client paging by date already has.
    expect(await search(viewer, 'tea', { filter: 'all', beforeDate: byTitle('Tea that is green').publishedAt })).toEqual([
      'Black tea at four',
    ]);
  });

  it('pages through many matches newest first, whatever their rank', async () => {
    const feed = await newFeed(services);
    const reader = await newReader(services);
    await follow(services, reader.id, feed.id);
    const matches: StoredArticle[] = await publish(
      services,
      feed.id,
      timeline(23, { newest: T0, prefix: 'Kettle' }).map((article, i) => ({
        ...article,
        content: i % 2 ? '<p>kettle kettle kettle</p>' : '<p>plain</p>',
      })),
    );
    await publish(services, feed.id, timeline(10, { newest: T0, prefix: 'Teapot' }));
    const walk = await walkArticles(services, reader.viewer, { filter: 'unread', search: 'kettle' }, 5);
    expect(walk.ids).toEqual(newestFirst(matches).map((article) => article.id));
  });

  it('walks back across the weeks, months and years a search steps through, in every list', async () => {
    const feed = await newFeed(services);
    const reader = await newReader(services);
    await follow(services, reader.id, feed.id);
    const now = Date.now();
    const daysAgo = [0.01, 2, 6, 8, 27, 33, 150, 190, 700, 740, 3000];
    const matches = await publish(
      services,
      feed.id,
      daysAgo.map((days, i) => ({ title: `Lantern ${i}`, content: '<p>lantern</p>', publishedAt: new Date(now - days * 86_400_000) })),
    );
    await publish(services, feed.id, [{ title: 'Candle', content: '<p>candle</p>', publishedAt: new Date(now - 86_400_000) }]);
    const expected = newestFirst(matches).map((article) => article.id);
    for (const pageSize of [1, 2, 3, 100]) {
      expect((await walkArticles(services, reader.viewer, { filter: 'all', search: 'lantern' }, pageSize)).ids).toEqual(expected);
      expect((await walkArticles(services, reader.viewer, { filter: 'unread', search: 'lantern' }, pageSize)).ids).toEqual(expected);
    }
    const beforeDate = new Date(now - 30 * 86_400_000);
    expect((await walkArticles(services, reader.viewer, { filter: 'all', search: 'lantern', beforeDate }, 2)).ids).toEqual(
      expected.slice(5),
    );

    // The unread and liked lists stop at their oldest row: only what they hold is found, whatever its age.
    for (const article of matches.slice(0, 9)) await markArticleRead(services, reader.viewer, article.id);
    for (const article of [matches[1]!, matches[10]!]) await likeArticle(services, reader.viewer, article.id);
    expect((await walkArticles(services, reader.viewer, { filter: 'unread', search: 'lantern' }, 1)).ids).toEqual(
      newestFirst(matches.slice(9)).map((article) => article.id),
    );
    expect((await walkArticles(services, reader.viewer, { filter: 'liked', search: 'lantern' }, 1)).ids).toEqual(
      newestFirst([matches[1]!, matches[10]!]).map((article) => article.id),
    );
    for (const article of matches.slice(9)) await markArticleRead(services, reader.viewer, article.id);
    expect(await search(reader.viewer, 'lantern', { filter: 'unread' })).toEqual([]);
    expect(await search(reader.viewer, 'candle', { filter: 'unread' })).toEqual(['Candle']);
  });

  it('misses no week when a burst of recent matches makes the steps it sizes too short for the sparse ones before', async () => {
    const feed = await newFeed(services);
    const reader = await newReader(services);
    await follow(services, reader.id, feed.id);
    const now = Date.now();
    const burst = Array.from({ length: 40 }, (_, i) => 0.01 + i * 0.05);
    const sparse = Array.from({ length: 24 }, (_, i) => 9 + i * 30);
    // The middle of the last week the steps of weeks read, two years (104 weeks) back, where the date step starts.
    const week = 7 * 86_400_000;
    const lastWeek = ((Math.floor(now / week) - 104 + 0.5) * week - now) / -86_400_000;
    const matches = await publish(
      services,
      feed.id,
      [...burst, ...sparse, lastWeek, 3000].map((days, i) => ({
        title: `Beacon ${i}`,
        content: '<p>beacon</p>',
        publishedAt: new Date(now - days * 86_400_000),
      })),
    );
    const expected = newestFirst(matches).map((article) => article.id);
    for (const pageSize of [1, 7, 25, 100]) {
      expect((await walkArticles(services, reader.viewer, { filter: 'all', search: 'beacon' }, pageSize)).ids).toEqual(expected);
      expect((await walkArticles(services, reader.viewer, { filter: 'unread', search: 'beacon' }, pageSize)).ids).toEqual(expected);
    }
  });
});
