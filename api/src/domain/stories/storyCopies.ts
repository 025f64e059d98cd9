import { articleId } from '../articles/articleQuery.ts';
import { NotFoundError } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { PrismaClient } from '../../db/prisma.ts';

/**
 * The ids of the articles that tell the same story as `articleId`, itself included (empty when there is no such
 * article): the conversation of any copy is the story's. One statement, two index probes for an article that is
 * its own story.
 */
export async function storyArticleIds(db: Pick<PrismaClient, '$queryRaw'>, articleId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT c.id FROM "Article" a JOIN "Article" c ON c.id = a.id OR c."storyId" = a."storyId"
    WHERE a.id = ${articleId}::uuid
    ORDER BY c.id`;
  return rows.map((row) => row.id);
}

/** The id of the story `articleId` tells (its first copy's id, or its own), or null when there is no such article. */
export async function storyIdOf(db: Pick<PrismaClient, '$queryRaw'>, articleId: string): Promise<string | null> {
  const [row] = await db.$queryRaw<
    { storyId: string }[]
  >`SELECT COALESCE("storyId", id) AS "storyId" FROM "Article" WHERE id = ${articleId}::uuid`;
  return row?.storyId ?? null;
}

/**
 * The key of the live conversation of the article `id` (a REST or global id) for a signed-in reader: its story's id,
 * which every copy shares. Any signed-in user may read any article's conversation; an unknown article is 404.
 */
export async function conversationKey(services: Pick<Services, 'db'>, _viewer: Viewer, id: unknown): Promise<string> {
  const storyId = await storyIdOf(services.db, articleId(id));
  if (!storyId) throw new NotFoundError('Article not found');
  return storyId;
}

/** Which of `ids` name a story: any article's id names the story it tells. One statement for all of them. */
export async function existingStoryIds(db: Pick<PrismaClient, '$queryRaw'>, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM "Article" WHERE id = ANY(${[...ids]}::uuid[])`;
  return new Set(rows.map((row) => row.id));
}
