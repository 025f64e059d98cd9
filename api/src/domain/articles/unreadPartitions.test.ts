import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { createCountingServices } from '../../../test/statementLog.ts';
import { unsubscribe } from '../subscriptions/subscriptions.ts';
import { articleQuery } from './articleQuery.ts';
import { markAllArticlesRead, markArticleRead, markArticleUnread } from './articleState.ts';
import { countArticles, getArticle, listArticles } from './listArticles.ts';

// UnreadArticle is hash-partitioned by user (migration 20261124100000_unread_by_user) so that a user's rows lie
// close together. That only pays if every statement of a reading operation names the user in a way the planner
// can prune by: each statement sent is EXPLAINed with its own values, and may read one partition at most.

const { services, log, databaseUrl } = await createCountingServices();
const explainer = new pg.Client({ connectionString: databaseUrl });
await explainer.connect();
afterAll(() => explainer.end());

const T0 = new Date('2025-08-01T06:00:00.000Z');
const readers = [await newReader(services), await newReader(services), await newReader(services)];
const [ada] = readers as [(typeof readers)[0]];
const folder = await newFolder(services, ada.id, 'Partitioned');
const feeds = [await newFeed(services), await newFeed(services)];
for (const reader of readers) await follow(services, reader.id, feeds[0]!.id, { folderId: reader === ada ? folder.id : null });
await follow(services, ada.id, feeds[1]!.id);
const articles = [
  ...(await publish(services, feeds[0]!.id, timeline(30, { newest: T0, prefix: 'Alpha' }))),
  ...(await publish(services, feeds[1]!.id, timeline(30, { newest: T0, prefix: 'Beta' }))),
];

type PlanNode = { 'Relation Name'?: string; Plans?: PlanNode[] };
const relations = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(relations),
];

/** Each statement `work` sends that touches UnreadArticle, with the partitions of it that its plan reads. */
async function partitionsRead(work: () => Promise<unknown>): Promise<{ sql: string; partitions: string[] }[]> {
  const { statements, parameters } = await log.during(work);
  const touching = statements.map((sql, i) => ({ sql, values: parameters[i]! })).filter(({ sql }) => sql.includes('"UnreadArticle"'));
  const explained = [];
  for (const { sql, values } of touching) {
    const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, values);
    const read = relations(rows[0]!['QUERY PLAN'][0].Plan).filter((name) => /^UnreadArticle_\d+$/.test(name));
    explained.push({ sql, partitions: [...new Set(read)] });
  }
  return explained;
}

describe('unread rows, partitioned by user', () => {
  it('lie in 32 partitions, a user wholly in one', async () => {
    const rows = await services.db.$queryRaw<{ userId: string; partitions: number }[]>`
      SELECT "userId", count(DISTINCT tableoid)::int AS partitions FROM "UnreadArticle" GROUP BY "userId"`;
    expect(rows).toHaveLength(readers.length);
    expect(rows.every((row) => row.partitions === 1)).toBe(true);
    const [{ count }] = await services.db.$queryRaw<[{ count: number }]>`
      SELECT count(*)::int AS count FROM pg_inherits WHERE inhparent = '"UnreadArticle"'::regclass`;
    expect(count).toBe(32);
  });

  const lists = (['unread', 'all', 'liked'] as const).flatMap((filter) =>
    [{}, { feedId: feeds[0]!.id }, { folderId: folder.id }].flatMap((scope) =>
      [null, 'alpha'].map((search) => ({ filter, scope, search })),
    ),
  );
  it.each(lists)('a list reads only the viewer’s partition: $filter $scope search $search, its page and its count', async (input) => {
    const query = await articleQuery(services, ada.viewer, { ...input, first: 10 });
    const sent = await partitionsRead(async () => {
      await listArticles(services, query);
      await countArticles(services, query);
    });
    expect(sent.length).toBeGreaterThan(0);
    for (const { sql, partitions } of sent) expect(partitions, sql).toHaveLength(1);
  });

  it('reading, unreading, opening and marking all read each read only the viewer’s partition', async () => {
    const id = articles[0]!.id;
    const sent = await partitionsRead(async () => {
      await markArticleRead(services, ada.viewer, id);
      await markArticleUnread(services, ada.viewer, id);
      await getArticle(services, ada.viewer, id, { content: true });
      await markAllArticlesRead(services, ada.viewer, { feedId: feeds[1]!.id });
      await markAllArticlesRead(services, ada.viewer, { folderId: folder.id, beforeDate: T0.toISOString() });
      await markAllArticlesRead(services, ada.viewer, {});
    });
    expect(sent.filter(({ sql }) => /DELETE FROM "UnreadArticle"/.test(sql))).toHaveLength(4);
    // An INSERT's plan names no partition: each row is routed to its user's as it is written (marking unread first
    // notes, in a CTE, which of the articles the viewer's rules hide).
    const inserts = (sql: string) => /^\s*(WITH [\s\S]*?\)\s*)?INSERT INTO "UnreadArticle"/.test(sql);
    for (const { sql, partitions } of sent) expect(partitions.length, sql).toBe(inserts(sql) ? 0 : 1);
  });

  it('leaving a feed deletes from the leaver’s partition only', async () => {
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: ada.id, feedId: feeds[1]!.id } });
    const sent = await partitionsRead(() => unsubscribe(services, ada.viewer, subscription.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.partitions).toHaveLength(1);
  });
});
