import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';

const server = await startTestServer();
const { services, rest } = server;
const admin = (await signUp(services, { admin: true })).token;
const DAY = 86_400_000;

describe('retention', () => {
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
    expect(run).toMatchObject({ status: 200, body: { keepPerFeed: 2, batches: 1, freedBytes: expect.any(Number) } });
    expect(run.body.freedBytes).toBeGreaterThan(0);

    // The newest two stay (1 and 50 days), the kept ones stay, the 110-day-old one goes.
    const left = await services.db.article.findMany({ where: { feedId: feed.id }, select: { title: true } });
    expect(left.map((article) => article.title).sort()).toEqual(
      ['Aged 1 days', 'Aged 50 days', 'Aged 60 days', 'Aged 70 days', 'Aged 80 days', 'Aged 90 days', 'Aged 100 days'].sort(),
    );
    const feeds = (await rest('GET', '/feeds', { token: reader.token })).body.feeds;
    expect(feeds[0].unreadCount).toBe(await services.db.unreadArticle.count({ where: { userId: reader.id } }));
    expect(feeds[0].unreadCount).toBe(7);

    await rest('PATCH', '/admin/config', { token: admin, body: { retentionDays: 0 } });
    expect((await rest('POST', '/admin/retention/run', { token: admin })).body).toMatchObject({ deleted: 0, cutoff: null });
    await rest('PATCH', '/admin/config', { token: admin, body: { retentionDays: null, retentionKeepPerFeed: null } });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toMatchObject({ retentionDays: 180, retentionKeepPerFeed: 50 });
  });

  it('is for administrators only, and refuses bad settings', async () => {
    const user = await signUp(services);
    const adminToken = (await rest('POST', '/tokens', { token: admin, body: { name: 'Admin reader' } })).body.token as string;
    expect((await rest('POST', '/admin/retention/run')).status).toBe(401);
    expect((await rest('POST', '/admin/retention/run', { token: user.token })).status).toBe(403);
    expect((await rest('POST', '/admin/retention/run', { token: adminToken })).status).toBe(403);
    for (const [body, message] of [
      [{ retentionDays: -1 }, 'retentionDays must be 0 (keep every article) or more'],
      [{ retentionDays: '30' }, 'retentionDays must be a number of days'],
      [{ retentionKeepPerFeed: 1.5 }, 'retentionKeepPerFeed must be a whole number'],
    ] as const) {
      expect(await rest('PATCH', '/admin/config', { token: admin, body })).toMatchObject({ status: 400, body: { error: message } });
    }
  });
});
