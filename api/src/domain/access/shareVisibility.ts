import { Prisma } from '../../generated/prisma/client.ts';
import type { Viewer } from '../core/services.ts';

/**
 * Who may see a share, the one rule every path applies: a public share is seen by every signed-in user (and,
 * with no viewer, by the public RSS feed); a private one only by its owner and the people who follow the owner.
 * Counts follow it too: a share the viewer may not see is not counted for them. A share by someone the viewer muted
 * is not seen by them either (social/mutes.ts), wherever shares are listed or counted.
 */
export function visibleSharesWhere(viewer: Pick<Viewer, 'id'> | null): Prisma.ShareWhereInput {
  if (!viewer) return { isPublic: true };
  return {
    OR: [{ isPublic: true }, { userId: viewer.id }, { user: { followers: { some: { followerId: viewer.id } } } }],
    user: { mutedBy: { none: { muterId: viewer.id } } },
  };
}

/** The same rule as an SQL condition on the `Share` row aliased `share`, for the lists and counts written in SQL. */
export function visibleSharesSql(viewer: Pick<Viewer, 'id'> | null, share: string): Prisma.Sql {
  const row = Prisma.raw(`"${share}"`);
  if (!viewer) return Prisma.sql`${row}."isPublic"`;
  return Prisma.sql`((${row}."isPublic" OR ${row}."userId" = ${viewer.id}::uuid
    OR EXISTS (SELECT 1 FROM "Follow" visibility WHERE visibility."followerId" = ${viewer.id}::uuid AND visibility."followingId" = ${row}."userId"))
    AND NOT EXISTS (SELECT 1 FROM "Mute" muted WHERE muted."muterId" = ${viewer.id}::uuid AND muted."mutedId" = ${row}."userId"))`;
}
