import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, type Reader, type StoredArticle } from '../../test/articleFixtures.ts';
import { missingForReplication, startReplicatedPostgres, type ReplicatedPostgres } from '../../test/replicatedPostgres.ts';
import { httpClients } from '../../test/server.ts';
import { servicesOver, testConfig } from '../../test/services.ts';
import { buildApp } from '../app.ts';
import type { Services } from '../domain/core/services.ts';
import { migrateJobQueue } from '../jobs/worker.ts';
import { createLogger } from '../logger.ts';
import { migrateDatabase } from './migrate.ts';
import { createPrisma } from './prisma.ts';
import { createReadReplicas, type ReadReplicas } from './readReplicas.ts';

// Checked every 100 ms; a replica more than 3 s behind is skipped (production: 1 s and 5 s).
const CHECK_INTERVAL_MS = 100;
const MAX_LAG_MS = 3_000;
/** How long a replica may take to replay, and the routing to notice, on a busy machine. */
const CATCHING_UP = { timeout: 5_000 };

const missing = missingForReplication();

describe.skipIf(missing !== null)('read replicas, with a real streaming replica', () => {
  const log = createLogger('silent');
  let cluster: ReplicatedPostgres;
  let services: Services;
  let replicas: ReadReplicas;
  let app: FastifyInstance;
  let client: ReturnType<typeof httpClients>;
  let feedId: string;
  let first: StoredArticle;
  // `writer` writes; `neighbour` writes once, through GraphQL; `bystander` only reads.
  let writer: Reader, neighbour: Reader, bystander: Reader;

  const published = (title: string) => publish(services, feedId, [{ publishedAt: new Date(), title }]).then(([article]) => article!);

  beforeAll(async () => {
    cluster = await startReplicatedPostgres('tidings', async (url) => {
      await migrateDatabase(url, log);
      await migrateJobQueue(url);
    });
    const db = createPrisma(cluster.primaryUrl, 4);
    const genericPlanDb = createPrisma(cluster.primaryUrl, 2, { genericPlans: true });
    replicas = createReadReplicas([cluster.replicaUrl], db, {
      log,
      redisUrl: null,
      genericPlanConnections: 2,
      checkIntervalMs: CHECK_INTERVAL_MS,
      maxLagMs: MAX_LAG_MS,
    });
    services = { ...servicesOver(testConfig(), db, genericPlanDb), readReplicas: replicas };
    app = await buildApp({ services, webDist: null, extensionZip: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    client = httpClients(`http://127.0.0.1:${port}`);

    ({ id: feedId } = await newFeed(services));
    first = await published('Before the pause');
    [writer, neighbour, bystander] = [await newReader(services), await newReader(services), await newReader(services)];
    for (const reader of [writer, neighbour, bystander]) await follow(services, reader.id, feedId);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([replicas?.close(), services?.db.$disconnect(), services?.genericPlanDb.$disconnect()]);
    await cluster?.close();
  });

  /** The titles of `reader`'s unread list, through REST; a request that failed answers its status. */
  const unreadTitles = async (reader: Reader) => {
    const { status, body } = await client.rest('GET', '/articles?unread=true', { token: reader.token });
    return status === 200 ? (body.articles as { title: string }[]).map((article) => article.title).sort() : status;
  };

  it('serves a reader who did not write from the replica, and a writer from the primary until the replica has their write', async () => {
    await expect.poll(() => replicas.clientsFor(null), CATCHING_UP).not.toBeNull();
    await cluster.pauseReplay(true);
    await published('While replay is paused');

    // The replica still has the state before the pause, through REST and GraphQL alike.
    expect(await unreadTitles(bystander)).toEqual(['Before the pause']);
    const graphqlList = await client.graphql('{ articles(filter: ALL) { edges { node { title } } } }', {}, bystander.token);
    expect(graphqlList.body.data.articles.edges.map((edge: { node: { title: string } }) => edge.node.title)).toEqual(['Before the pause']);

    // A REST write answers from the primary, and so do its writer's next reads.
    const marked = await client.rest('POST', `/articles/${first.id}/read`, { token: writer.token });
    expect(marked.body.article.isRead).toBe(true);
    expect((await client.rest('GET', `/articles/${first.id}`, { token: writer.token })).body.article.isRead).toBe(true);
    expect(await unreadTitles(writer)).toEqual(['While replay is paused']);

    // A GraphQL mutation (a POST like any query) answers from the primary too.
    const { body: article } = await client.graphql(`{ article(id: "${first.id}") { id } }`, {}, neighbour.token);
    const starred = await client.graphql(
      'mutation($id: ID!) { starArticle(id: $id) { ... on Article { starred } } }',
      { id: article.data.article.id },
      neighbour.token,
    );
    expect(starred.body.data.starArticle.starred).toBe(true);
    const after = await client.graphql(`{ article(id: "${first.id}") { starred } }`, {}, neighbour.token);
    expect(after.body.data.article.starred).toBe(true);
    expect(await unreadTitles(bystander)).toEqual(['Before the pause']); // still on the replica

    // Replay resumes: the replica catches up, and the writers read it again.
    await cluster.pauseReplay(false);
    await expect.poll(() => unreadTitles(bystander), CATCHING_UP).toEqual(['Before the pause', 'While replay is paused']);
    await expect.poll(() => replicas.clientsFor(writer.id), CATCHING_UP).not.toBeNull();
    await expect.poll(() => replicas.clientsFor(neighbour.id), CATCHING_UP).not.toBeNull();
    expect(await unreadTitles(writer)).toEqual(['While replay is paused']);
  });

  it('skips a replica that lags more than the bound, and uses it again once it has caught up', async () => {
    await cluster.pauseReplay(true);
    await published('Lagging');
    expect(await unreadTitles(bystander)).not.toContain('Lagging');
    const paused = Date.now();
    // Replay is still paused: only the primary has the new article.
    await expect.poll(() => unreadTitles(bystander), { timeout: MAX_LAG_MS + 5_000 }).toContain('Lagging');
    expect(Date.now() - paused).toBeGreaterThan(MAX_LAG_MS - 1_000);
    expect(await replicas.clientsFor(null)).toBeNull();

    await cluster.pauseReplay(false);
    await expect.poll(() => replicas.clientsFor(null), CATCHING_UP).not.toBeNull();
  });

  it('falls back to the primary when the replica is down', async () => {
    await cluster.stopReplica();
    await published('Replica down');
    await expect.poll(() => unreadTitles(bystander), CATCHING_UP).toContain('Replica down');
    expect(await replicas.clientsFor(null)).toBeNull();
    for (let request = 0; request < 5; request++) expect(await unreadTitles(bystander)).toContain('Replica down');
  });
});

if (missing !== null) {
  describe('read replicas', () => {
    it.skip(`need ${missing} to start a primary and a streaming replica`, () => {});
  });
}
