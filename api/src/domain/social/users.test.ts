import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, refusal, type Person } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { createComment } from './comments.ts';
import { follow } from './follows.ts';
import { shareArticle } from './shares.ts';
import { getUser, listUsers, searchUsers } from './users.ts';

const MISSING = '0190a000-0000-7000-8000-000000000000';

describe('listUsers (the users directory)', async () => {
  // A database of its own, so the directory holds exactly these people (letters only: no collation surprises).
  const services = await createTestServices();
  const viewer = await newPerson(services, { username: 'quinn' });
  const ann = await newPerson(services, { username: 'ann' });
  const cid = await newPerson(services, { username: 'cid', displayName: 'Bertha' });
  const dot = await newPerson(services, { username: 'dot' });
  const [one, two] = [await newArticle(services), await newArticle(services)];
  await shareArticle(services, ann.viewer, { articleId: one.id });
  await shareArticle(services, ann.viewer, { articleId: two.id, isPublic: true });
  await createComment(services, ann.viewer, { articleId: one.id, content: 'a' });
  await createComment(services, cid.viewer, { articleId: one.id, content: 'b' });
  await createComment(services, cid.viewer, { articleId: two.id, content: 'c' });
  await createComment(services, cid.viewer, { articleId: two.id, content: 'd' });
  await shareArticle(services, viewer.viewer, { articleId: one.id });
  await follow(services, viewer.viewer, cid.id);
  await follow(services, dot.viewer, viewer.id);

  it('lists everyone but the viewer by display name or username, with share and comment counts and isFollowed', async () => {
    // The viewer does not follow ann: her private share is not counted for them.
    expect((await listUsers(services, viewer.viewer, {})).items).toEqual([
      { id: ann.id, username: 'ann', displayName: null, avatarUrl: null, isFollowed: false, counts: { shares: 1, comments: 1 } },
      { id: cid.id, username: 'cid', displayName: 'Bertha', avatarUrl: null, isFollowed: true, counts: { shares: 0, comments: 3 } },
      { id: dot.id, username: 'dot', displayName: null, avatarUrl: null, isFollowed: false, counts: { shares: 0, comments: 0 } },
    ]);
  });

  it('pages by name with a cursor of its own, which it checks', async () => {
    const first = await listUsers(services, viewer.viewer, { first: 2 });
    expect(first.items.map((user) => user.username)).toEqual(['ann', 'cid']);
    expect(first.hasNextPage).toBe(true);
    const rest = await listUsers(services, viewer.viewer, { first: 2, after: first.endCursor });
    expect(rest.items.map((user) => user.username)).toEqual(['dot']);
    expect(rest).toMatchObject({ hasNextPage: false, cursors: [rest.endCursor] });
    expect(await refusal(listUsers(services, viewer.viewer, { after: 'not-a-cursor' }))).toEqual({
      status: 400,
      message: 'Invalid cursor',
    });
    expect(await refusal(listUsers(services, viewer.viewer, { first: 0 }))).toEqual({ status: 400, message: 'limit must be at least 1' });
    // A larger page than the cap is served, just capped.
    expect((await listUsers(services, viewer.viewer, { first: 10_000 })).items).toHaveLength(3);
  });

  it('answers isFollowed for the viewer who asks', async () => {
    const seenByDot = (await listUsers(services, dot.viewer, {})).items;
    expect(seenByDot.map((user) => [user.username, user.isFollowed])).toEqual([
      ['ann', false],
      ['cid', false],
      ['quinn', true],
    ]);
    expect(seenByDot.find((user) => user.id === viewer.id)!.counts).toEqual({ shares: 1, comments: 0 });
  });
});

describe('searchUsers (mention suggestions)', async () => {
  const services = await createTestServices();
  const viewer = await newPerson(services, { username: 'viewer' });
  const people: Person[] = [];
  for (const [username, displayName] of [
    ['alpha', null],
    ['Alphonse', null],
    ['bravo', 'Alpine Bravo'],
    ['under_score', null],
    ['underxscore', null],
    ['percent', '100% Human'],
    ['hundred', '100 People'],
    ['zed', 'Zed Zebra'],
  ] as const) {
    people.push(await newPerson(services, { username, displayName }));
  }
  const names = async (input: Record<string, unknown>) => (await searchUsers(services, viewer.viewer, input)).map((user) => user.username);

  it('matches a prefix of the username or of the display name, case-insensitively, usernames first', async () => {
    expect(await names({ q: 'alp' })).toEqual(['alpha', 'Alphonse', 'bravo']);
    expect(await names({ q: 'ALPH' })).toEqual(['alpha', 'Alphonse']);
    expect(await names({ q: 'zed z' })).toEqual(['zed']);
    expect(await names({ q: 'pha' })).toEqual([]);
    expect(await names({ q: '  bra  ' })).toEqual(['bravo']);
  });

  it('answers the public fields only', async () => {
    expect(await searchUsers(services, viewer.viewer, { q: 'zed' })).toEqual([
      { id: people.at(-1)!.id, username: 'zed', displayName: 'Zed Zebra', avatarUrl: null },
    ]);
  });

  it('takes % and _ in the query literally', async () => {
    expect(await names({ q: 'under_' })).toEqual(['under_score']);
    expect(await names({ q: '100%' })).toEqual(['percent']);
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ q: '_' })).toEqual([]);
    expect(await names({ q: '\\' })).toEqual([]);
  });

  it('never suggests the viewer', async () => {
    expect(await names({ q: 'view' })).toEqual([]);
    expect(await searchUsers(services, people[0]!.viewer, { q: 'view' })).toHaveLength(1);
  });

  it('answers the first 5 users by username for an empty or missing query', async () => {
    const first = ['alpha', 'Alphonse', 'bravo', 'hundred', 'percent'];
    expect(await names({ q: '' })).toEqual(first);
    expect(await names({})).toEqual(first);
    expect(await searchUsers(services, viewer.viewer, undefined)).toHaveLength(5);
  });

  it('answers at most `limit`: 5 by default, up to 20', async () => {
    for (let i = 0; i < 22; i += 1)
      await services.db.user.create({
        data: { username: `many${String(i).padStart(2, '0')}`, email: `many${i}@example.com`, passwordHash: 'x' },
      });
    expect(await names({ q: 'many' })).toHaveLength(5);
    expect(await names({ q: 'many', limit: 7 })).toHaveLength(7);
    expect(await names({ q: 'many', limit: '20' })).toHaveLength(20);
    expect(await refusal(searchUsers(services, viewer.viewer, { q: 'many', limit: 21 }))).toEqual({
      status: 400,
      message: 'limit must be at most 20',
    });
    expect(await refusal(searchUsers(services, viewer.viewer, { q: 'many', limit: 0 }))).toEqual({
      status: 400,
      message: 'limit must be at least 1',
    });
    expect(await refusal(searchUsers(services, viewer.viewer, { q: 'many', limit: 'lots' }))).toEqual({
      status: 400,
      message: 'limit must be a number',
    });
  });

  it('refuses a query with a NUL character', async () => {
    expect(await refusal(searchUsers(services, viewer.viewer, { q: 'a\u0000' }))).toEqual({
      status: 400,
      message: 'Search cannot contain NUL characters',
    });
  });

  it('refuses a query longer than 50 characters', async () => {
    expect(await refusal(searchUsers(services, viewer.viewer, { q: 'a'.repeat(51) }))).toEqual({
      status: 400,
      message: 'Search must be at most 50 characters',
    });
  });
});

describe('getUser', async () => {
  const services = await createTestServices();
  it('answers a user’s public fields, or 404 "User not found"', async () => {
    const ada = await newPerson(services, { displayName: 'Ada' });
    expect(await getUser(services, ada.id)).toEqual({ id: ada.id, username: ada.username, displayName: 'Ada', avatarUrl: null });
    expect(await refusal(getUser(services, MISSING))).toEqual({ status: 404, message: 'User not found' });
    expect(await refusal(getUser(services, 'x'))).toEqual({ status: 404, message: 'User not found' });
  });
});
