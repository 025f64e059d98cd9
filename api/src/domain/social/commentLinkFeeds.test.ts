import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { FIXTURE_FEED, startFeedServer } from '../../../test/feedServer.ts';
import { newArticle, newPerson } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { detectCommentLinksTask } from '../../jobs/tasks/detect_comment_links.ts';
import { COMMENT_LINK_ATTEMPTS, detectCommentLinkFeeds } from './commentLinkFeeds.ts';
import type { CommentLink } from './commentLinks.ts';
import { createComment } from './comments.ts';
import { afterCaller } from '../../../test/cleanup.ts';

const feeds = await startFeedServer();
// One fetch slot per host, so that a test can hold the host's only one.
const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true', FEED_FETCHES_PER_HOST: '1' });
const ada = await newPerson(services);
const article = await newArticle(services);

/** A site that answers 503 to its first `failures` requests for /flaky, then the fixture feed; and 503 for /down always. */
async function startFlakySite(failures: number) {
  let asked = 0;
  const server = http.createServer((request, response) => {
    if (request.url === '/flaky' && (asked += 1) > failures) {
      return void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FIXTURE_FEED);
    }
    response.writeHead(503, { 'content-type': 'text/plain' }).end('Busy');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function comment(content: string) {
  return createComment(services, ada.viewer, { articleId: article.id, content });
}

async function linksOf(commentId: string): Promise<CommentLink[]> {
  const { links } = await services.db.comment.findUniqueOrThrow({ where: { id: commentId }, select: { links: true } });
  return links as CommentLink[];
}

const helpersAt = (attempts: number) => ({ job: { attempts, max_attempts: 25 } }) as unknown as JobHelpers;

describe('detectCommentLinkFeeds', () => {
  it('finds the feed a link is, and the one a page advertises, and none behind a missing page; none stays pending', async () => {
    const posted = await comment(`Feed ${feeds.url('/feed')}, blog ${feeds.url('/discovery')}, gone ${feeds.url('/status/404')}.`);
    expect(posted.links).toMatchObject([{ pending: true }, { pending: true }, { pending: true }]);

    expect(await detectCommentLinkFeeds(services, posted.id)).toBe(0);
    expect(await linksOf(posted.id)).toEqual([
      { url: feeds.url('/feed'), title: 'Fixture feed', feedUrl: feeds.url('/feed'), pending: false },
      { url: feeds.url('/discovery'), title: 'Fixture feed', feedUrl: feeds.url('/feed'), pending: false },
      { url: feeds.url('/status/404'), title: null, feedUrl: null, pending: false },
    ]);
  });

  it('finds the feed of an address in typographic quotes', async () => {
    const posted = await comment(`Their feed: “${feeds.url('/feed')}”.`);
    await detectCommentLinkFeeds(services, posted.id);
    expect(await linksOf(posted.id)).toEqual([
      { url: feeds.url('/feed'), title: 'Fixture feed', feedUrl: feeds.url('/feed'), pending: false },
    ]);
  });

  it('waits for the site’s fetch slot as a person’s request does, rather than give up after the schedule’s 2 seconds', async () => {
    const posted = await comment(`Here: ${feeds.url('/feed')}`);
    // Another fetch holds the host's only slot for 3 more seconds.
    await services.db.$executeRaw`INSERT INTO "Lease" (key, "expiresAt") VALUES ('fetch-slot:127.0.0.1:0', now() + interval '3 seconds')`;
    expect(await detectCommentLinkFeeds(services, posted.id)).toBe(0);
    expect(await linksOf(posted.id)).toMatchObject([{ feedUrl: feeds.url('/feed'), pending: false }]);
  }, 20_000);

  it('keeps a link whose site failed for a passing reason pending, and finds its feed on a later attempt', async () => {
    const site = await startFlakySite(1);
    const posted = await comment(`Flaky ${site}/flaky and good ${feeds.url('/feed')}`);

    expect(await detectCommentLinkFeeds(services, posted.id, { lastAttempt: false })).toBe(1);
    expect(await linksOf(posted.id)).toEqual([
      { url: `${site}/flaky`, title: null, feedUrl: null, pending: true },
      { url: feeds.url('/feed'), title: 'Fixture feed', feedUrl: feeds.url('/feed'), pending: false },
    ]);
    const before = feeds.requestsTo('/feed').length;

    expect(await detectCommentLinkFeeds(services, posted.id, { lastAttempt: false })).toBe(0);
    expect(await linksOf(posted.id)).toMatchObject([
      { feedUrl: `${site}/flaky`, title: 'Fixture feed', pending: false },
      { pending: false },
    ]);
    expect(feeds.requestsTo('/feed')).toHaveLength(before); // the link found the first time is not asked again
  });

  it('settles a link that still fails on the last attempt as having no feed', async () => {
    const site = await startFlakySite(0);
    const posted = await comment(`Down ${site}/down`);
    expect(await detectCommentLinkFeeds(services, posted.id, { lastAttempt: true })).toBe(0);
    expect(await linksOf(posted.id)).toEqual([{ url: `${site}/down`, title: null, feedUrl: null, pending: false }]);
  });
});

describe('the detect_comment_links job', () => {
  const task = detectCommentLinksTask(services);

  it('fails while a link’s site fails for a passing reason, so that the worker tries again, and settles it on the last attempt', async () => {
    const site = await startFlakySite(0);
    const posted = await comment(`Down ${site}/down`);
    for (let attempt = 1; attempt < COMMENT_LINK_ATTEMPTS; attempt += 1) {
      await expect(task({ commentId: posted.id }, helpersAt(attempt))).rejects.toThrow('1 link(s) of comment');
      expect(await linksOf(posted.id)).toMatchObject([{ pending: true }]);
    }
    await task({ commentId: posted.id }, helpersAt(COMMENT_LINK_ATTEMPTS));
    expect(await linksOf(posted.id)).toEqual([{ url: `${site}/down`, title: null, feedUrl: null, pending: false }]);
  });

  it('succeeds at once when every link was looked up', async () => {
    const posted = await comment(`Feed ${feeds.url('/feed')}`);
    await task({ commentId: posted.id }, helpersAt(1));
    expect(await linksOf(posted.id)).toMatchObject([{ feedUrl: feeds.url('/feed'), pending: false }]);
  });
});
