import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';
import { startWorker, type WorkerHandle } from '../../jobs/worker.ts';

const server = await startTestServer();
const { services, rest, graphql } = server;
const admin = (await signUp(services, { admin: true })).token;
const DAY = 86_400_000;

describe('retention, run by the worker', () => {
  // The pass is the worker's job: the request queues it and answers once it is done.
  let worker: WorkerHandle;
  beforeAll(async () => {
    worker = await startWorker(services, services.databaseUrl);
  });
  afterAll(() => worker.stop());

  it('deletes old articles nobody kept, beyond the newest of each feed, and the unread counts follow', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const ages = [1, 50, 60, 70, 80, 90, 100, 110];
    const articles = await publish(
      services,
      feed.id,
      ages.map((days, i) => ({ publishedAt: new Date(Date.now() - days * DAY), title: `Aged ${days} days`, guid: `aged-${i}` })),
    );
    const byAge = new Map(ages.map((days, i) => [days, articles[i]!.id]));
    // Kept by a reader: starred, liked, shared, commented on, highlighted (the 60- to 100-day-old ones).
    await rest('POST', `/articles/${byAge.get(60)}/star`, { token: reader.token });
    await rest('POST', `/articles/${byAge.get(70)}/like`, { token: reader.token });
    await rest('POST', '/social/share', { token: reader.token, body: { articleId: byAge.get(80) } });
    await rest('POST', '/comments', { token: reader.token, body: { articleId: byAge.get(90), content: 'Worth keeping' } });
    await rest('POST', `/articles/${byAge.get(100)}/highlights`, { token: reader.token, body: { exact: 'Body' } });

    const set = await rest('PATCH', '/admin/config', { token: admin, body: { retentionDays: 30, retentionKeepPerFeed: 2 } });
    expect(set.body).toMatchObject({ retentionDays: 30, retentionKeepPerFeed: 2 });
    const run = await rest('POST', '/admin/retention/run', { token: admin });
    expect(run).toMatchObject({
      status: 200,
      body: {
        status: 'done',
        trigger: 'administrator',
        deleted: 1,
        batches: 1,
        keepPerFeed: 2,
        // The last old article it read, oldest first: the 50-day-old one (kept as one of the newest two).
        reachedAt: articles[1]!.publishedAt.toISOString(),
        freedBytes: expect.any(Number),
        error: null,
      },
    });
    expect(run.body.freedBytes).toBeGreaterThan(0);
    expect((await rest('GET', '/admin/retention', { token: admin })).body.runs[0]).toEqual(run.body);

    // The newest two stay (1 and 50 days), the kept ones stay, the 110-day-old one goes.
    const left = await services.db.article.findMany({ where: { feedId: feed.id }, select: { title: true } });
    expect(left.map((article) => article.title).sort()).toEqual(
      ['Aged 1 days', 'Aged 50 days', 'Aged 60 days', 'Aged 70 days', 'Aged 80 days', 'Aged 90 days', 'Aged 100 days'].sort(),
    );
    const feeds = (await rest('GET', '/feeds', { token: reader.token })).body.feeds;
    expect(feeds[0].unreadCount).toBe(await services.db.unreadArticle.count({ where: { userId: reader.id } }));
    expect(feeds[0].unreadCount).toBe(7);

    await rest('PATCH', '/admin/config', { token: admin, body: { retentionDays: 0 } });
    expect((await rest('POST', '/admin/retention/run', { token: admin })).body).toMatchObject({ status: 'done', deleted: 0, cutoff: null });
    await rest('PATCH', '/admin/config', { token: admin, body: { retentionDays: null, retentionKeepPerFeed: null } });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toMatchObject({ retentionDays: 180, retentionKeepPerFeed: 50 });
  });
});

describe('retention, with no worker running', () => {
  it('answers 202 with the run to follow once its wait is over, and a second request joins that run', async () => {
    const queued = await rest('POST', '/admin/retention/run?waitSeconds=0', { token: admin });
    expect(queued).toMatchObject({ status: 202, body: { status: 'queued', trigger: 'administrator', deleted: 0, startedAt: null } });
    expect(queued.headers.get('location')).toBe('/api/admin/retention');

    const started = Date.now();
    const joined = await rest('POST', '/admin/retention/run?waitSeconds=1', { token: admin });
    expect(joined).toMatchObject({ status: 202, body: { id: queued.body.id, status: 'queued' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const { runs } = (await rest('GET', '/admin/retention?limit=5', { token: admin })).body;
    expect(runs.filter((run: { status: string }) => run.status === 'queued')).toEqual([queued.body]);
    // GraphQL's run-now joins it too, and lists it.
    const asked = await graphql('mutation { runRetention { ... on RunRetentionPayload { joined run { runId status } } } }', {}, admin);
    expect(asked.body.data.runRetention).toEqual({ joined: true, run: { runId: queued.body.id, status: 'queued' } });
  });

  it('refuses a bad wait or limit, and queues nothing then', async () => {
    const before = (await rest('GET', '/admin/retention', { token: admin })).body.runs;
    for (const [path, message] of [
      ['/admin/retention/run?waitSeconds=-1', 'waitSeconds must be 0 or more'],
      ['/admin/retention/run?waitSeconds=21', 'waitSeconds must be at most 20'],
      ['/admin/retention/run?waitSeconds=soon', 'waitSeconds must be a number'],
      ['/admin/retention/run?waitSeconds=0.5', 'waitSeconds must be a whole number'],
    ] as const) {
      expect(await rest('POST', path, { token: admin })).toMatchObject({ status: 400, body: { error: message } });
    }
    expect(await rest('GET', '/admin/retention?limit=0', { token: admin })).toMatchObject({
      status: 400,
      body: { error: 'limit must be at least 1' },
    });
    expect(await rest('GET', '/admin/retention?limit=51', { token: admin })).toMatchObject({
      status: 400,
      body: { error: 'limit must be at most 50' },
    });
    expect((await rest('GET', '/admin/retention', { token: admin })).body.runs).toEqual(before);
  });

  it('tells the database size by table, the partitions of UnreadArticle summed into one row, largest first', async () => {
    await services.db.$executeRawUnsafe('ANALYZE "Article", "User"');
    const { status, body } = await rest('GET', '/admin/database', { token: admin });
    expect(status).toBe(200);
    const names = body.tables.map((table: { name: string }) => table.name);
    expect(names).toEqual(expect.arrayContaining(['Article', 'UnreadArticle', 'RetentionRun', 'User']));
    expect(names.filter((name: string) => name.startsWith('UnreadArticle'))).toEqual(['UnreadArticle']);
    const totals = body.tables.map((table: { totalBytes: number }) => table.totalBytes);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const users = body.tables.find((table: { name: string }) => table.name === 'User');
    expect(users.rows).toBe(await services.db.user.count());
    // Never analysed (no row ever written): not counted yet, rather than 0.
    expect(body.tables.find((table: { name: string }) => table.name === 'Digest').rows).toBeNull();
    expect(users.totalBytes).toBe(users.heapBytes + users.toastBytes + users.indexBytes);
    expect(users.indexBytes).toBeGreaterThan(0);
    expect(body.totalBytes).toBeGreaterThan(totals.reduce((sum: number, total: number) => sum + total, 0) - 1);

    const viaGraphql = await graphql('{ adminDatabaseSize { totalBytes tables { name rows totalBytes } } }', {}, admin);
    expect(viaGraphql.body.data.adminDatabaseSize.tables.map((table: { name: string }) => table.name)).toEqual(names);
  });

  it('is for administrators only, and refuses bad settings', async () => {
    const user = await signUp(services);
    const adminToken = (await rest('POST', '/tokens', { token: admin, body: { name: 'Admin reader' } })).body.token as string;
    for (const [method, path] of [
      ['POST', '/admin/retention/run'],
      ['GET', '/admin/retention'],
      ['GET', '/admin/database'],
    ] as const) {
      expect((await rest(method, path)).status).toBe(401);
      expect((await rest(method, path, { token: user.token })).status).toBe(403);
      expect((await rest(method, path, { token: adminToken })).status).toBe(403);
    }
    // A run's fields, its progress (reachedAt) among them, reach no one but an administrator signed in.
    expect((await graphql('{ retentionRuns { runId reachedAt } }')).body).toMatchObject({
      data: null,
      errors: [{ message: 'Authentication required' }],
    });
    const API_TOKEN_REFUSED = 'An API token cannot do this. Sign in to Tidings to manage your account.';
    for (const [token, message] of [
      [user.token, 'Only administrators can do this'],
      [adminToken, API_TOKEN_REFUSED],
    ] as const) {
      for (const query of ['{ retentionRuns { runId reachedAt } }', '{ adminDatabaseSize { totalBytes } }']) {
        expect((await graphql(query, {}, token)).body.errors?.map((error) => error.message)).toEqual([message]);
      }
      const run = await graphql('mutation { runRetention { __typename ... on Error { message } } }', {}, token);
      expect(run.body.data.runRetention).toEqual({ __typename: 'ForbiddenError', message });
    }
    for (const [body, message] of [
      [{ retentionDays: -1 }, 'retentionDays must be 0 (keep every article) or more'],
      [{ retentionDays: '30' }, 'retentionDays must be a number of days'],
      [{ retentionKeepPerFeed: 1.5 }, 'retentionKeepPerFeed must be a whole number'],
    ] as const) {
      expect(await rest('PATCH', '/admin/config', { token: admin, body })).toMatchObject({ status: 400, body: { error: message } });
    }
  });
});
