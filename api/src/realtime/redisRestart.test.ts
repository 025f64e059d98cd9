import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  newArticle,
  newPerson,
  notificationTopic,
  redisAnswers,
  redisInspector,
  startSocialServer,
  subscribeToNotifications,
  waitFor,
} from '../../test/socialFixtures.ts';
import { createEvents } from './events.ts';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throw-away Redis on `port` (the shared one must keep running), answering PING before this returns. */
async function startRedis(port: number) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = once(child, 'exit');
  if (!(await waitFor(() => redisAnswers(`redis://127.0.0.1:${port}`), 10_000))) throw new Error('redis-server did not start');
  return {
    /** Kills it outright, as a crash or an OOM kill would. */
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

describe.skipIf(!hasRedisServer)('Redis down and back', async () => {
  const port = await freePort();
  const redisUrl = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port);
  afterAll(() => redis.kill());
  const server = await startSocialServer({ REDIS_URL: redisUrl });
  const inspect = redisInspector(redisUrl);
  const [ada, bob] = [await newPerson(server.services), await newPerson(server.services)];
  const article = await newArticle(server.services, { title: 'Through the outage' });
  const live = subscribeToNotifications(server.wsUrl, bob.token);
  afterAll(() => live.dispose());
  // A bus of its own, to count what an outage reports (the server's logs it; this one keeps it).
  const reported: Error[] = [];
  const bus = createEvents(redisUrl, (error) => reported.push(error));
  afterAll(() => bus.close());

  const mentionBob = async (words: string) => {
    const started = performance.now();
    const response = await server.rest('POST', '/comments', {
      token: ada.token,
      body: { articleId: article.id, content: `@${bob.username} ${words}` },
    });
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(2000); // publishing never holds the request up
    return server.services.db.notification.findFirstOrThrow({
      where: { userId: bob.id, content: { contains: 'mentioned you' } },
      orderBy: { createdAt: 'desc' },
    });
  };
  const listed = async () => {
    const response = await server.rest('GET', '/notifications', { token: bob.token });
    return (response.body.notifications as { id: string }[]).map((notification) => notification.id);
  };
  const subscribedOnRedis = () => waitFor(async () => (await inspect.subscribers(notificationTopic(bob.id)).catch(() => 0)) === 1, 10_000);

  it('stores and lists notifications while Redis is down, and delivers live again once it is back, without a restart', async () => {
    expect(await subscribedOnRedis()).toBe(true);
    const before = await mentionBob('before');
    expect(await waitFor(() => live.ids().includes(before.id))).toBe(true);

    await redis.kill();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // long enough for several reconnection attempts
    const during = await mentionBob('during');
    expect(await listed()).toContain(during.id); // polling still shows it

    redis = await startRedis(port);
    expect(await subscribedOnRedis()).toBe(true); // the API subscribed again by itself
    const after = await mentionBob('after');
    expect(await waitFor(() => live.ids().includes(after.id), 10_000)).toBe(true);
    expect(await listed()).toEqual(expect.arrayContaining([before.id, during.id, after.id]));
    expect(live.errors).toEqual([]);
    // Reconnecting retries every few milliseconds at first: one report per connection and outage, not one per attempt.
    expect(reported.length).toBeGreaterThanOrEqual(1);
    expect(reported.length).toBeLessThanOrEqual(2);
  });
});
