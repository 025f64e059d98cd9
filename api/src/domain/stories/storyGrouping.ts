import { z } from 'zod';
import { requireAccountAccess } from '../access/access.ts';
import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';

const groupingInput = z.strictObject({ groupStories: z.boolean({ error: 'groupStories must be true or false' }) });

/**
 * Keeps on the viewer's account whether their article lists show one row per story (the copy of the feed they
 * subscribed to first, the others named under it) or every copy. A preference of the account: not with an API token.
 */
export async function setStoryGrouping(services: Services, viewer: Viewer, input: unknown): Promise<boolean> {
  requireAccountAccess(viewer);
  const { groupStories } = parseInput(groupingInput, input ?? {});
  const user = await services.db.user.update({ where: { id: viewer.id }, data: { groupStories }, select: { groupStories: true } });
  return user.groupStories;
}
