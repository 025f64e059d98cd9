import { describe, expect, it, vi } from 'vitest';
import { ALREADY_SUBSCRIBED, articleLink, subscribeMessage, tidingsClient } from './api.ts';

const ORIGIN = 'https://tidings.example.org';

/** A fetch that answers `status` with `body` (a string is sent as is, anything else as JSON). */
function answering(status: number, body?: unknown) {
  return vi.fn<typeof fetch>(
    async () => new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status }),
  );
}

describe('tidingsClient', () => {
  it('signs requests with the token and sends JSON bodies', async () => {
    const fetchImpl = answering(201, { subscription: { id: 's1', title: 'Example' }, articlesAdded: 3 });
    const outcome = await tidingsClient(ORIGIN, 'tok3n', fetchImpl).subscribe('https://example.org/feed');
    expect(outcome).toEqual({ ok: true, value: { subscription: { id: 's1', title: 'Example' }, articlesAdded: 3 } });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(`${ORIGIN}/api/feeds/subscribe`);
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ url: 'https://example.org/feed' }) });
    expect(init?.headers).toEqual({ authorization: 'Bearer tok3n', 'content-type': 'application/json' });
  });

  it('reads the signed-in account', async () => {
    const fetchImpl = answering(200, { user: { id: 'u1', username: 'ada', displayName: 'Ada' } });
    expect(await tidingsClient(ORIGIN, 't', fetchImpl).me()).toMatchObject({ ok: true, value: { user: { username: 'ada' } } });
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ method: 'GET', body: undefined, headers: { authorization: 'Bearer t' } });
  });

  it('says the token was rejected on 401, whatever the server wrote', async () => {
    const outcome = await tidingsClient(ORIGIN, 'old', answering(401, { error: 'Session expired. Please login again.' })).me();
    expect(outcome).toEqual({ ok: false, status: 401, message: expect.stringContaining('rejected the API token') });
  });

  it('says the instance is unreachable when the request fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await tidingsClient(ORIGIN, 't', fetchImpl).detectFeeds('https://example.org');
    expect(outcome).toEqual({ ok: false, status: null, message: expect.stringContaining(`Could not reach Tidings at ${ORIGIN}`) });
  });

  it('shows the server’s error text, else a fallback for the operation', async () => {
    expect(
      await tidingsClient(ORIGIN, 't', answering(400, { error: 'Note is too long' })).sharePage({
        url: 'https://x.org',
        note: 'n',
        isPublic: false,
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Note is too long',
    });
    expect(await tidingsClient(ORIGIN, 't', answering(502, '<html>Bad gateway</html>')).subscribe('https://x.org/feed')).toEqual({
      ok: false,
      status: 502,
      message: 'Failed to subscribe to feed',
    });
  });

  it('refuses a successful answer that is not from Tidings', async () => {
    const outcome = await tidingsClient(ORIGIN, 't', answering(200, '<!doctype html><title>Some site</title>')).me();
    expect(outcome).toEqual({ ok: false, status: 200, message: `${ORIGIN} does not look like a Tidings instance.` });
  });

  it('returns detected feeds and the shared article', async () => {
    const feeds = [{ url: 'https://x.org/feed', title: 'X', description: '' }];
    expect(await tidingsClient(ORIGIN, 't', answering(200, { feeds })).detectFeeds('https://x.org')).toEqual({
      ok: true,
      value: { feeds },
    });
    const shared = { share: { id: 'sh1' }, article: { id: 'a1', title: 'Page' } };
    const fetchImpl = answering(201, shared);
    expect(await tidingsClient(ORIGIN, 't', fetchImpl).sharePage({ url: 'https://x.org/p', note: '', isPublic: true })).toEqual({
      ok: true,
      value: shared,
    });
    expect(fetchImpl.mock.calls[0]).toEqual([
      `${ORIGIN}/api/social/share-page`,
      expect.objectContaining({ body: JSON.stringify({ url: 'https://x.org/p', note: '', isPublic: true }) }),
    ]);
  });
});

describe('subscribeMessage', () => {
  it('names the subscription on success', () => {
    expect(subscribeMessage({ ok: true, value: { subscription: { id: 's', title: 'Server title' } } }, 'Page title')).toEqual({
      text: 'Subscribed to Server title!',
      ok: true,
    });
  });

  it('tells an existing subscriber so, without calling it a failure', () => {
    for (const status of [409, 400]) {
      expect(subscribeMessage({ ok: false, status, message: ALREADY_SUBSCRIBED }, 'Example')).toEqual({
        text: "You're already subscribed to Example",
        ok: true,
      });
    }
  });

  it('passes other failures through', () => {
    expect(subscribeMessage({ ok: false, status: 400, message: 'Not a feed' }, 'Example')).toEqual({ text: 'Not a feed', ok: false });
    expect(subscribeMessage({ ok: false, status: null, message: 'Could not reach' }, 'Example')).toEqual({
      text: 'Could not reach',
      ok: false,
    });
  });
});

describe('articleLink', () => {
  it('points at the article page of the web app', () => {
    expect(articleLink(ORIGIN, 'abc123')).toBe(`${ORIGIN}/article/abc123`);
  });
});
