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
