import { describe, expect, it } from 'vitest';
import { newReader } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { openSession } from '../domain/accounts/sessions.ts';

const DENSITY = `{ viewer { articleDensity } }`;
const SET = `mutation Set($density: ArticleDensity!) { setArticleDensity(density: $density) {
  __typename ... on User { articleDensity } ... on Error { message } } }`;
const OF_USER = `query($id: ID!) { user(id: $id) { articleDensity } }`;

describe('the article list density', async () => {
  const server = await startTestServer();
  const { services } = server;

  it('starts as cards, and a change is kept on the account: another device opens with it', async () => {
    const ada = await newReader(services);
    expect((await server.graphql(DENSITY, {}, ada.token)).body.data.viewer.articleDensity).toBe('cards');
    const set = await server.graphql(SET, { density: 'compact' }, ada.token);
    expect(set.body.data.setArticleDensity).toEqual({ __typename: 'User', articleDensity: 'compact' });
    const otherDevice = await openSession(services.db, ada.id);
    expect((await server.graphql(DENSITY, {}, otherDevice)).body.data.viewer.articleDensity).toBe('compact');
    await server.graphql(SET, { density: 'cards' }, otherDevice);
    expect((await server.graphql(DENSITY, {}, ada.token)).body.data.viewer.articleDensity).toBe('cards');
  });

  it('is only the user’s own to see, and one user’s choice leaves another’s alone', async () => {
    const ada = await newReader(services);
    const bob = await newReader(services);
    await server.graphql(SET, { density: 'compact' }, ada.token);
    const adaId = Buffer.from(`User:${ada.id}`).toString('base64');
    expect((await server.graphql(OF_USER, { id: adaId }, bob.token)).body.data.user.articleDensity).toBeNull();
    expect((await server.graphql(DENSITY, {}, bob.token)).body.data.viewer.articleDensity).toBe('cards');
  });

  it('refuses a density it does not know, and signed-out callers', async () => {
    const ada = await newReader(services);
    expect((await server.graphql(SET, { density: 'dense' }, ada.token)).body.errors?.[0]?.message).toMatch(/ArticleDensity/);
    const signedOut = await server.graphql(SET, { density: 'compact' });
    expect(signedOut.body.data?.setArticleDensity ?? null).toBeNull();
    expect((await server.graphql(DENSITY, {}, ada.token)).body.data.viewer.articleDensity).toBe('cards');
  });
});
