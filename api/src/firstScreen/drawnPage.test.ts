import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { follow, newFeed, newReader, publish, timeline } from '../../test/articleFixtures.ts';
import { createTestServices } from '../../test/services.ts';
import { buildApp, WEB_DIST } from '../app.ts';
import { closeSession } from '../domain/accounts/sessions.ts';
import { webFirstScreen } from '../main.ts';

describe('the first screen drawn by the server', async () => {
  const services = await createTestServices();
  // The web app's renderer, as the start-up finds and hands it over.
  const firstScreen = webFirstScreen();
  const app = await buildApp({ services, webDist: WEB_DIST, firstScreen });
  afterAll(() => app.close());
  const reader = await newReader(services);
  const feed = await newFeed(services, { title: 'Harbour News' });
  await publish(services, feed.id, timeline(3, { newest: new Date(), prefix: 'Ferry timetable' }));
  await follow(services, reader.id, feed.id);

  const load = (url: string, cookie?: string, server = app) =>
    server.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const sessionCookie = (token: string) => `other=1; tidings_session=${encodeURIComponent(token)}`;

  it('draws the signed-in reader’s article list into the page, not yet interactive, and the app in its place', async () => {
    expect(firstScreen, 'the web app and its server build are built (npm run build; npm test builds first)').not.toBeNull();
    const page = await load('/articles', sessionCookie(reader.token));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The reader's own articles: no shared cache may keep the page.
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toMatch(/cookie/i);
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toMatch(/^<div id="root"><div inert>/);
    expect(root).toContain('aria-label="Articles"');
    for (const title of ['Ferry timetable 0', 'Ferry timetable 1', 'Ferry timetable 2']) expect(root).toContain(title);
    expect(root).toContain('Harbour News');
    // Nothing inline that the Content Security Policy would refuse (the router's scroll restoration writes a script).
    expect(root).not.toMatch(/<script(?![^>]*\bsrc=)/);
    // The page's own scripts still start the app.
    expect(page.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  });

  it('draws a title holding replacement patterns ($` $$ $&) as written, into one copy of the page', async () => {
    const evil = await newReader(services);
    const title = "Evil Feed $` and $$ cash $& $' $1";
    const evilFeed = await newFeed(services, { title });
    await publish(services, evilFeed.id, timeline(1, { newest: new Date(), prefix: 'Price $` $$ $&' }));
    await follow(services, evil.id, evilFeed.id);
    const page = await load('/articles', sessionCookie(evil.token));
    expect(page.body.match(/<head>/g)).toHaveLength(1);
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1);
    // React writes ' and & as references; the rest of each pattern reaches the page as typed.
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
    expect(page.body).toContain(escaped(title));
    expect(page.body).toContain(escaped('Price $` $$ $&'));
    // Undrawn pages carry nobody's data; they keep the page route's caching.
    const undrawn = await load('/articles');
    expect(undrawn.headers['cache-control']).toBe('no-cache');
  });

  it('draws the view the reader last left when /articles is opened bare, and only theirs', async () => {
    const view = (user: string) => `; tidings_view=${encodeURIComponent(JSON.stringify({ user, view: { filter: 'starred' } }))}`;
    const starred = await load('/articles', sessionCookie(reader.token) + view(encodeGlobalID('User', reader.id)));
    expect(starred.body).toContain('No articles found');
    expect(starred.body).not.toContain('Ferry timetable 0');
    const someoneElses = await load('/articles', sessionCookie(reader.token) + view(encodeGlobalID('User', 'someone-else')));
    expect(someoneElses.body).toContain('Ferry timetable 0');
  });

  it('sends the page undrawn without a session cookie, for another page, or for a revoked session', async () => {
    const other = await newReader(services);
    await closeSession(services, other.viewer);
    for (const [url, cookie] of [
      ['/articles', undefined],
      ['/articles', 'tidings_session=not-a-token'],
      ['/articles', sessionCookie(other.token)],
      ['/shares', sessionCookie(reader.token)],
      ['/article/123', sessionCookie(reader.token)],
    ] as const) {
      const page = await load(url, cookie);
      expect(page.statusCode, `${url} ${cookie}`).toBe(200);
      expect(page.body, `${url} ${cookie}`).toContain('<div id="root"></div>');
    }
  });

  it('sends the page undrawn, not an error, when the session cannot be looked up (the database unreachable)', async () => {
    const lookup = vi.spyOn(services.genericPlanDb, '$queryRaw').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const page = await load('/articles', sessionCookie(reader.token));
    expect(lookup).toHaveBeenCalled();
    lookup.mockRestore();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('draws with the renderer the server was given, and sends the page undrawn when it was given none', async () => {
    const given = await buildApp({ services, webDist: WEB_DIST, firstScreen: async ({ url }) => `<p>drawn for ${url}</p>` });
    const none = await buildApp({ services, webDist: WEB_DIST });
    try {
      const drawn = await load('/articles?filter=unread', sessionCookie(reader.token), given);
      expect(drawn.body).toContain('<div id="root"><div inert><p>drawn for /articles?filter=unread</p></div></div>');
      expect(drawn.headers['cache-control']).toBe('private, no-cache');
      const undrawn = await load('/articles', sessionCookie(reader.token), none);
      expect(undrawn.statusCode).toBe(200);
      expect(undrawn.body).toContain('<div id="root"></div>');
    } finally {
      await Promise.all([given.close(), none.close()]);
    }
  });
});
