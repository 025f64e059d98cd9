import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/server.ts';
import { newArticle, newPerson, socialNotificationsOf, type Person } from '../../../test/socialFixtures.ts';
import { follow } from '../social/follows.ts';
import { shareArticle } from '../social/shares.ts';

const PRIVATE_NOTE = 'only for my followers';
const PUBLIC_NOTE = 'for everyone';

// Every path that shows shares, each asked by the owner, a follower and a stranger (signed in, not a follower).
describe('who sees a share', async () => {
  const server = await startTestServer();
  const { services, graphql, rest } = server;
  const owner = await newPerson(services);
  const follower = await newPerson(services);
  const stranger = await newPerson(services);
  await follow(services, follower.viewer, owner.id);
  const privateArticle = await newArticle(services);
  const publicArticle = await newArticle(services);
  const privateShare = await shareArticle(services, owner.viewer, { articleId: privateArticle.id, note: PRIVATE_NOTE, isPublic: false });
  const publicShare = await shareArticle(services, owner.viewer, { articleId: publicArticle.id, note: PUBLIC_NOTE, isPublic: true });
  const people = { owner, follower, stranger };
  const seesPrivate = { owner: true, follower: true, stranger: false };

  // What each path answers, as the notes of the shares it shows.
  const paths: Record<string, (person: Person) => Promise<string[]>> = {
    'REST user shares': async (person) =>
      (await rest('GET', `/social/users/${owner.id}/shares`, { token: person.token })).body.shares.map(
        (share: { note: string }) => share.note,
      ),
    'GraphQL userShares': async (person) => {
      const answer = await graphql(
        'query U($id: ID!) { userShares(userId: $id, first: 10) { edges { node { note } } } }',
        { id: encodeGlobalID('User', owner.id) },
        person.token,
      );
      return answer.body.data.userShares.edges.map((edge: { node: { note: string } }) => edge.node.note);
    },
    'Article.shares': async (person) => {
      const notes: string[] = [];
      for (const article of [privateArticle, publicArticle]) {
        const answer = await graphql(
          'query A($id: ID!) { article(id: $id) { shares(first: 10) { edges { node { note } } } } }',
          { id: encodeGlobalID('Article', article.id) },
          person.token,
        );
        notes.push(...answer.body.data.article.shares.edges.map((edge: { node: { note: string } }) => edge.node.note));
      }
      return notes;
    },
    'node(id:)': async (person) => {
      const notes: string[] = [];
      for (const share of [privateShare, publicShare]) {
        const answer = await graphql(
          'query N($id: ID!) { node(id: $id) { ... on Share { note } } }',
          { id: encodeGlobalID('Share', share.id) },
          person.token,
        );
        if (answer.body.data.node) notes.push(answer.body.data.node.note);
      }
      return notes;
    },
    'nodes(ids:)': async (person) => {
      const ids = [privateShare, publicShare].map((share) => encodeGlobalID('Share', share.id));
      const answer = await graphql('query N($ids: [ID!]!) { nodes(ids: $ids) { ... on Share { note } } }', { ids }, person.token);
      return answer.body.data.nodes.flatMap((node: { note: string } | null) => (node ? [node.note] : []));
    },
    'GraphQL Shared list': async (person) => {
      const answer = await graphql('{ shares(first: 10) { edges { node { note } } } }', {}, person.token);
      return answer.body.data.shares.edges.map((edge: { node: { note: string } }) => edge.node.note);
    },
    'REST Shared list': async (person) =>
      (await rest('GET', '/social/shares', { token: person.token })).body.shares.map((share: { note: string }) => share.note),
  };

  for (const [path, notesSeen] of Object.entries(paths)) {
    it(`${path}: the owner and their followers see a private share and its note, nobody else does`, async () => {
      for (const [name, person] of Object.entries(people)) {
        const notes = await notesSeen(person);
        expect(notes.includes(PRIVATE_NOTE), `${path} as ${name}`).toBe(seesPrivate[name as keyof typeof people]);
        // The Shared list is of the people one follows: a stranger's does not hold even the public share.
        if (!(path.includes('Shared list') && name === 'stranger')) expect(notes, `${path} as ${name}`).toContain(PUBLIC_NOTE);
      }
    });
  }

  it('counts only the shares the viewer may see: an article’s shares, a profile’s and the directory’s', async () => {
    for (const [name, person] of Object.entries(people)) {
      const expected = seesPrivate[name as keyof typeof people] ? 1 : 0;
      const answer = await graphql(
        'query C($a: ID!, $u: ID!) { article(id: $a) { counts { shares } } user(id: $u) { sharesCount } }',
        { a: encodeGlobalID('Article', privateArticle.id), u: encodeGlobalID('User', owner.id) },
        person.token,
      );
      expect(answer.body.data.article.counts.shares, name).toBe(expected);
      expect(answer.body.data.user.sharesCount, name).toBe(expected + 1);
      const article = await rest('GET', `/articles/${privateArticle.id}`, { token: person.token });
      expect(article.body.article._count.shares, name).toBe(expected);
      if (person !== owner) {
        const directory = await rest('GET', '/social/users', { token: person.token });
        const listed = directory.body.users.find((user: { id: string }) => user.id === owner.id);
        expect(listed._count.shares, name).toBe(expected + 1);
      }
    }
  });

  it('a private share’s note notifies the mentioned followers only; a public one notifies everyone it mentions', async () => {
    const article = await newArticle(services);
    await shareArticle(services, owner.viewer, {
      articleId: article.id,
      note: `@${follower.username} @${stranger.username} look`,
      isPublic: false,
    });
    const shareMentions = async (person: Person) =>
      (await socialNotificationsOf(services, person.id)).filter((notification) => notification.type === 'share_mention').length;
    expect(await shareMentions(follower)).toBe(1);
    expect(await shareMentions(stranger)).toBe(0);
    const other = await newArticle(services);
    await shareArticle(services, owner.viewer, { articleId: other.id, note: `@${stranger.username} this one is public`, isPublic: true });
    expect(await shareMentions(stranger)).toBe(1);
  });

  it('the public RSS feed holds the public share and not the private one', async () => {
    const response = await fetch(`${server.url}/api/public/rss`);
    const xml = await response.text();
    expect(xml).toContain(PUBLIC_NOTE);
    expect(xml).not.toContain(PRIVATE_NOTE);
  });
});
