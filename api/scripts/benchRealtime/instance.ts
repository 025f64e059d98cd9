import { createDatabaseIfMissing } from '../../src/db/database.ts';
import { createPrisma } from '../../src/db/prisma.ts';
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

/** A sender, a receiver and an article to comment on, on the database at `databaseUrl` served by `serverUrl`. */
export async function seedMentionPair(serverUrl: string, databaseUrl: string) {
  const register = await registerUsers(serverUrl);
  const sender = await register('bench_sender');
  const receiver = await register('bench_receiver');
  const db = createPrisma(databaseUrl, 1);
  try {
    const feed = await db.feed.create({ data: { url: 'https://bench.example.org/feed.xml', title: 'Bench' } });
    const article = await db.article.create({ data: { feedId: feed.id, guid: 'bench', title: 'Bench article', publishedAt: new Date() } });
    return { sender, receiver, articleId: article.id };
  } finally {
    await db.$disconnect();
  }
}
