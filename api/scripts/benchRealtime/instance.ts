import { createDatabaseIfMissing } from '../../src/db/database.ts';
import { createPrisma } from '../../src/db/prisma.ts';
import { addFeedToReadingList } from '../../src/domain/articles/readingList.ts';
import type { Logger } from '../../src/logger.ts';
import { dropDatabase, openScratchServer } from '../../test/scratchServer.ts';
import { rest } from './clients.ts';

export const BENCH_INVITE = 'BENCH-REALTIME-LIVE-EVENTS';

export type Session = { token: string; user: { id: string; username: string } };

/** A throwaway database (on DATABASE_URL's server or an embedded PostgreSQL) for a benchmark's servers. */
export async function openBenchDatabase(log: Logger, name: string) {
  const { serverUrl, close } = await openScratchServer(log);
  await createDatabaseIfMissing(serverUrl, name);
  const databaseUrl = `${serverUrl}/${name}`;
  return {
    databaseUrl,
    /**
     * The environment of a server on it: the invite `registerAdmin` uses, a public address, and no practical limit
     * on posts (a benchmark's few accounts comment far faster than any person may).
     */
    serverEnv: {
      DATABASE_URL: databaseUrl,
      BOOTSTRAP_INVITE_CODE: BENCH_INVITE,
      PUBLIC_URL: 'http://127.0.0.1',
      COMMENTS_PER_MINUTE: '1000000',
      POSTS_PER_3_HOURS: '1000000',
    },
    drop: async () => {
      await dropDatabase(serverUrl, name);
      await close();
    },
  };
}

/** Registers the administrator through `serverUrl` and returns a function registering more users by invite. */
export async function registerUsers(serverUrl: string) {
  const admin = await rest<Session>(serverUrl, 'POST', '/auth/register', {
    username: 'bench_admin',
    email: 'admin@bench.test',
    password: 'bench-password',
    inviteCode: BENCH_INVITE,
  });
  return async (username: string): Promise<Session> => {
    const { inviteCode } = await rest<{ inviteCode: { code: string } }>(serverUrl, 'POST', '/invites', undefined, admin.token);
    return rest<Session>(serverUrl, 'POST', '/auth/register', {
      username,
      email: `${username}@bench.test`,
      password: 'bench-password',
      inviteCode: inviteCode.code,
    });
  };
}

/**
 * A sender, a receiver and an article to comment on, on the database at `databaseUrl` served by `serverUrl`, and
 * `register` for more users.
 */
export async function seedMentionPair(serverUrl: string, databaseUrl: string) {
  const register = await registerUsers(serverUrl);
  const sender = await register('bench_sender');
  const receiver = await register('bench_receiver');
  const db = createPrisma(databaseUrl, 1);
  try {
    const feed = await db.feed.create({ data: { url: 'https://bench.example.org/feed.xml', title: 'Bench' } });
    const article = await db.article.create({ data: { feedId: feed.id, guid: 'bench', title: 'Bench article', publishedAt: new Date() } });
    return { sender, receiver, articleId: article.id, register };
  } finally {
    await db.$disconnect();
  }
}

/**
 * A reader as the sidebar sees one: `feeds` subscriptions of `articles` unread articles each, spread over `folders`
 * folders but two at the root. Answers the session, the first subscription (in a folder) and its articles, newest first.
 */
export async function seedReader(
  register: (username: string) => Promise<Session>,
  databaseUrl: string,
  username: string,
  { feeds = 20, folders = 4, articles = 20 } = {},
) {
  const reader = await register(username);
  const db = createPrisma(databaseUrl, 1);
  try {
    const userId = reader.user.id;
    const folderRows = [];
    for (let i = 0; i < folders; i++) folderRows.push(await db.folder.create({ data: { userId, name: `Folder ${i}` } }));
    const subscriptions = [];
    for (let f = 0; f < feeds; f++) {
      const feed = await db.feed.create({ data: { url: `https://bench.example.org/${username}/${f}.xml`, title: `Feed ${f}` } });
      await db.article.createMany({
        data: Array.from({ length: articles }, (_, a) => ({
          feedId: feed.id,
          guid: `${f}-${a}`,
          title: `Article ${f}-${a}`,
          publishedAt: new Date(Date.now() - a * 60_000),
        })),
      });
      const folderId = f < feeds - 2 ? folderRows[f % folders]!.id : null;
      subscriptions.push(await db.subscription.create({ data: { userId, feedId: feed.id, folderId } }));
      await addFeedToReadingList(db, userId, feed.id);
    }
    const subscription = subscriptions[0]!;
    const articleIds = (
      await db.article.findMany({ where: { feedId: subscription.feedId }, select: { id: true }, orderBy: { publishedAt: 'desc' } })
    ).map((article) => article.id);
    return { reader, subscriptionId: subscription.id, articleIds };
  } finally {
    await db.$disconnect();
  }
}
