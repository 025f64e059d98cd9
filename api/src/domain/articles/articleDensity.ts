import { z } from 'zod';
import { requireAccountAccess } from '../access/access.ts';
import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';

export const ARTICLE_DENSITIES = ['cards', 'compact'] as const;
/** How the viewer's article list draws its rows: cards (excerpt, picture, actions) or compact (one line each). */
export type ArticleDensity = (typeof ARTICLE_DENSITIES)[number];

const densityInput = z.strictObject({
  density: z.enum(ARTICLE_DENSITIES, { error: "density must be 'cards' or 'compact'" }),
});

/**
 * Keeps the viewer's choice of density on their account, so a reload or another device opens the list the same
 * way. A preference of the account: not with an API token.
 */
export async function setArticleDensity(services: Services, viewer: Viewer, input: unknown): Promise<ArticleDensity> {
  requireAccountAccess(viewer);
  const { density } = parseInput(densityInput, input ?? {});
  const user = await services.db.user.update({
    where: { id: viewer.id },
    data: { articleDensity: density },
    select: { articleDensity: true },
  });
  return user.articleDensity;
}
