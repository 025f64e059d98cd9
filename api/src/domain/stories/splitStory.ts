import { requireAdministrator } from '../access/administrators.ts';
import { articleId } from '../articles/articleQuery.ts';
import { InvalidInputError, NotFoundError } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';

/**
 * Takes a wrongly matched article out of its story (administrators only): it becomes its own story again and is
 * kept apart for good, since no later match joins an article split off (joinStories). When one copy is left, that
 * copy is its own story again too. In one statement; answers the ids of the copies left in the story.
 */
export async function splitStory(
  services: Services,
  viewer: Viewer | null,
  id: unknown,
): Promise<{ articleId: string; remaining: string[] }> {
  requireAdministrator(viewer);
  const article = await services.db.article.findUnique({ where: { id: articleId(id) }, select: { id: true, storyId: true } });
  if (!article) throw new NotFoundError('Article not found');
  if (article.storyId === null) throw new InvalidInputError('This article has no other copy to split from');
  const storyId = article.storyId;
  // The copies left are keyed by the first of them (a story's id is its first copy's), or stand alone when one is left.
  const rows = await services.db.$queryRaw<{ id: string; storyId: string | null }[]>`
    WITH split AS (
      UPDATE "Article" SET "storyId" = NULL, "storyKept" = true WHERE id = ${article.id}::uuid RETURNING id
    ), rest AS (
      SELECT id FROM "Article" WHERE "storyId" = ${storyId}::uuid AND id <> ${article.id}::uuid
    )
    UPDATE "Article" SET "storyId" = CASE WHEN (SELECT count(*) FROM rest) = 1 THEN NULL ELSE (SELECT id FROM rest ORDER BY id LIMIT 1) END
    WHERE id IN (SELECT id FROM rest)
    RETURNING id, "storyId"`;
  const remaining = rows.filter((row) => row.storyId !== null).map((row) => row.id);
  return { articleId: article.id, remaining };
}
