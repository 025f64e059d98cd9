import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { waitFor } from '../../test/socialFixtures.ts';
import { startWorker } from '../jobs/worker.ts';

// No worker runs until the last test: a started export stays unfinished ('queued') for as long as a test needs.
const { services, rest, graphql } = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true', EXPORTS_PER_DAY: '2' });

// An image host that answers after `delayMs`: an export that fetches it takes that long.
const image = { delayMs: 0 };
const images = http.createServer((_request, response) => {
  setTimeout(() => response.writeHead(404).end(), image.delayMs);
});
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
afterAll(() => {
  images.closeAllConnections();
  return new Promise((resolve) => images.close(resolve));
});
const imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/photo.png`;

/** A reader with one article liked today, whose content shows an image from the image host. */
async function reader() {
  const account = await signUp(services);
  const feed = await newFeed(services);
  const [article] = await publish(services, feed.id, [
    { publishedAt: new Date(), title: 'Worth keeping', content: `<p>Read this.</p><img src="${imageUrl}" alt="A photo">` },
  ]);
  await services.db.likedArticle.create({
    data: { userId: account.user.id, articleId: article!.id, feedId: feed.id, publishedAt: new Date() },
  });
  return account;
}

const START = `
  mutation {
    startExport(input: { format: pdf, days: 7, includeLiked: true }) {
      __typename
      ... on StartExportPayload { export { id status } }
      ... on RateLimitedError { retryAfterSeconds }
      ... on Error { message }
    }
  }`;
const start = async (token: string) => (await graphql(START, {}, token)).body.data.startExport;
const exportsOf = (userId: string) => services.db.readingExport.count({ where: { userId } });
const RUNNING = 'An export is already running. Please wait until it finishes before starting another.';

describe('export limits', () => {
  it('refuses a second export while one has not ended (409 on REST, ConflictError on GraphQL) and creates nothing', async () => {
    const ada = await reader();
    expect(await start(ada.token)).toMatchObject({ __typename: 'StartExportPayload', export: { status: 'queued' } });

    expect(await rest('POST', '/export/epub', { token: ada.token, body: { includeLiked: true } })).toMatchObject({
      status: 409,
      body: { error: RUNNING },
    });
    expect(await start(ada.token)).toEqual({ __typename: 'ConflictError', message: RUNNING });
    expect(await exportsOf(ada.user.id)).toBe(1);

    // Someone else's export is not held up by it.
    const bob = await reader();
    expect(await start(bob.token)).toMatchObject({ __typename: 'StartExportPayload' });
  });

  it('refuses an export beyond EXPORTS_PER_DAY in 24 hours (429 with Retry-After, RateLimitedError) and creates nothing', async () => {
    const carol = await reader();
    for (let i = 0; i < 2; i += 1) {
      expect(await start(carol.token)).toMatchObject({ __typename: 'StartExportPayload' });
      await services.db.readingExport.updateMany({ where: { userId: carol.user.id }, data: { status: 'done' } });
    }

    const refused = await rest('POST', '/export/pdf', { token: carol.token, body: { includeLiked: true } });
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: expect.stringMatching(/^You have started 2 exports in 24 hours, the most allowed\. Please try again in \d+ minutes\.$/),
      },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await start(carol.token)).toMatchObject({ __typename: 'RateLimitedError', retryAfterSeconds: expect.any(Number) });
    expect(await exportsOf(carol.user.id)).toBe(2);
  });

  it('fails an export that outlives its budget with "Stopped after …" on its row, and lets its owner start another', async () => {
    // The earlier tests' exports would run first (exports take turns in one queue): they go.
    await services.db
      .$executeRaw`SELECT graphile_worker.remove_job(key) FROM graphile_worker.jobs WHERE task_identifier = 'generate_export'`;
    const dave = await reader();
    image.delayMs = 4000;
    const runner = await startWorker(services, services.databaseUrl, { budgetsMs: { generate_export: 2000 } });
    try {
      const started = await start(dave.token);
      const row = () => services.db.readingExport.findUniqueOrThrow({ where: { id: started.export.id } });
      expect(await waitFor(async () => (await row()).status === 'failed', 15_000)).toBe(true);
      const stopped = 'Stopped after 2 seconds: the export did not finish. Try again with fewer days.';
      const readingExport = await graphql(
        `
          query ($id: ID!) {
            readingExport(id: $id) {
              status
              error
              progress
              downloadUrl
            }
          }
        `,
        { id: started.export.id },
        dave.token,
      );
      expect(readingExport.body.data.readingExport).toEqual({ status: 'failed', error: stopped, progress: null, downloadUrl: null });

      // The image arrives after the stop: the export goes no further and its row keeps why it stopped.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(await row()).toMatchObject({ status: 'failed', error: stopped, file: null });
    } finally {
      await runner.stop();
    }
    expect(await start(dave.token)).toMatchObject({ __typename: 'StartExportPayload' });
  }, 40_000);
});
