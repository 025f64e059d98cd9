import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { notificationTopic, redisAnswers, redisInspector, TEST_REDIS_URL, waitFor } from '../../test/socialFixtures.ts';
import { createEvents, type Events } from './events.ts';

type Payload = { notificationId: string };

/** Starts listening on `userId`'s notification channel; answers the iterator and what it has received so far. */
function listen(events: Events, userId: string) {
  const iterator = events.subscribe('notification:added', userId)[Symbol.asyncIterator]();
  const received: Payload[] = [];
  void (async () => {
    for (let result = await iterator.next(); !result.done; result = await iterator.next()) received.push(result.value);
  })();
  return { iterator, received };
}

/** Publishes to `userId` every 250 ms until `arrived()` holds (10 s at most); answers whether it did. */
async function publishUntil(events: Events, userId: string, notificationId: string, arrived: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (!arrived()) {
    if (Date.now() > deadline) return false;
    events.publish('notification:added', userId, { notificationId });
    await waitFor(arrived, 250);
  }
  return true;
}

/** Waits a moment and answers whether nothing arrived meanwhile (for 'delivers nothing' checks). */
async function staysEmpty(received: unknown[], ms = 300): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return received.length === 0;
}

describe('in-process events', () => {
  it('delivers an event to the subscribers of the addressed user only', async () => {
    const events = createEvents();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const aliceOne = listen(events, alice);
    const aliceTwo = listen(events, alice);
    const bobs = listen(events, bob);
    await new Promise((resolve) => setImmediate(resolve));
    events.publish('notification:added', alice, { notificationId: 'n1' });
    expect(await waitFor(() => aliceOne.received.length === 1 && aliceTwo.received.length === 1, 10_000)).toBe(true);
    expect(aliceOne.received).toEqual([{ notificationId: 'n1' }]);
    expect(await staysEmpty(bobs.received)).toBe(true);
    await Promise.all([aliceOne, aliceTwo, bobs].map((listener) => listener.iterator.return?.()));
    await events.close();
  });
});

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)(`Redis events (${TEST_REDIS_URL})`, () => {
  const inspect = redisInspector();
  const buses: Events[] = [];
  const errors: Error[] = [];
  const bus = () => {
    const events = createEvents(TEST_REDIS_URL, (error) => errors.push(error));
    buses.push(events);
    return events;
  };
  afterAll(async () => {
    await Promise.all(buses.map((events) => events.close()));
    expect(errors).toEqual([]);
  });

  it('carries an event from one bus to another (two processes) on the addressed user’s channel only', async () => {
    const [publisher, subscriber] = [bus(), bus()];
    const [alice, bob] = [randomUUID(), randomUUID()];
    const alices = listen(subscriber, alice);
    const bobs = listen(subscriber, bob);
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(alice))) === 1, 10_000)).toBe(true);
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(bob))) === 1, 10_000)).toBe(true);
    // Redis counts a subscription a moment before the client's handler is in place, so publish until it lands.
    expect(await publishUntil(publisher, alice, 'for-alice', () => alices.received.length > 0)).toBe(true);
    expect(alices.received[0]).toEqual({ notificationId: 'for-alice' });
    expect(await staysEmpty(bobs.received)).toBe(true);
    // The publisher's own subscribers of that user would get it too: the channel, not the process, decides.
    const local = listen(publisher, alice);
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(alice))) === 2, 10_000)).toBe(true);
    const before = alices.received.length;
    expect(await publishUntil(publisher, alice, 'again', () => local.received.length > 0 && alices.received.length > before)).toBe(true);
    expect(local.received[0]).toEqual({ notificationId: 'again' });
    await Promise.all([alices, bobs, local].map((listener) => listener.iterator.return?.()));
  });

  it('publishes on tidings:notification:added:<userId> as JSON', async () => {
    const publisher = bus();
    const userId = randomUUID();
    const raw = inspect.redis.duplicate();
    const messages: [string, string][] = [];
    raw.on('message', (channel: string, message: string) => messages.push([channel, message]));
    await raw.subscribe(notificationTopic(userId));
    publisher.publish('notification:added', userId, { notificationId: 'x1' });
    expect(await waitFor(() => messages.length === 1, 10_000)).toBe(true);
    expect(messages).toEqual([[`tidings:notification:added:${userId}`, '{"notificationId":"x1"}']]);
    await raw.quit();
  });

  it('leaves the Redis channel when the last subscriber of a user stops', async () => {
    const events = bus();
    const userId = randomUUID();
    const [one, two] = [listen(events, userId), listen(events, userId)];
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(userId))) === 1, 10_000)).toBe(true);
    await one.iterator.return?.();
    expect(await inspect.subscribers(notificationTopic(userId))).toBe(1);
    await two.iterator.return?.();
    expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(userId))) === 0, 10_000)).toBe(true);
  });
});

describe.skipIf(!redisUp)('closing a Redis event bus', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-events-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const eventsModule = fileURLToPath(new URL('./events.ts', import.meta.url));

  /**
   * Runs a script that subscribes, round-trips one event through Redis and then (if `close`) closes the bus,
   * without ever calling process.exit: the process ends by itself only when nothing holds it open.
   */
  async function run(close: boolean, waitMs: number) {
    const script = path.join(dir, `bus-${close ? 'closed' : 'open'}.mts`);
    writeFileSync(
      script,
      `import { createEvents } from ${JSON.stringify(eventsModule)};
const events = createEvents(${JSON.stringify(TEST_REDIS_URL)}, (error) => { console.error(error); process.exitCode = 2; });
const userId = crypto.randomUUID();
const iterator = events.subscribe('notification:added', userId)[Symbol.asyncIterator]();
const first = iterator.next();
const timer = setInterval(() => events.publish('notification:added', userId, { notificationId: 'ping' }), 50);
const { value } = await first;
clearInterval(timer);
console.log('received', JSON.stringify(value));
await iterator.return?.();
${close ? 'await events.close();' : ''}
console.log('done');
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: path.dirname(eventsModule),
    });
    let output = '';
    let markDone: () => void;
    const done = new Promise<void>((resolve) => (markDone = resolve));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('done')) markDone();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    // Counted from the script's last line, not its start: on a busy machine starting tsx alone can take seconds.
    const timeout = Promise.race([done, exited]).then(
      () => new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), waitMs)),
    );
    const outcome = await Promise.race([exited, timeout]);
    if (outcome === 'still running') {
      child.kill('SIGKILL');
      await exited;
    }
    return { outcome, output };
  }

  it('lets the process exit on its own once close() has released both connections', async () => {
    const { outcome, output } = await run(true, 10_000);
    expect(output).toContain('received {"notificationId":"ping"}');
    expect(output).toContain('done');
    expect(outcome).toBe(0);
  }, 30_000);

  it('keeps the process alive while a bus is left open (what the test above would catch)', async () => {
    const { outcome, output } = await run(false, 3_000);
    expect(output).toContain('done');
    expect(outcome).toBe('still running');
  }, 30_000);
});
