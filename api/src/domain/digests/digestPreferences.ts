import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { requireAccountAccess } from '../access/access.ts';
import { parseInput } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';

const preferencesSelect = { digestEnabled: true, digestType: true, emailDigests: true } satisfies Prisma.UserSelect;

/** Whether the viewer gets a weekly digest, of their own reading or of the whole instance, and whether it is e-mailed. */
export type DigestPreferences = { enabled: boolean; digestType: 'personal' | 'instance'; emailDigests: boolean };

// Any subset may be given to PUT /digests/preferences; whatever is given must be exactly right.
const preferencesInput = z.strictObject(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    digestType: z.enum(['personal', 'instance'], { error: "digestType must be 'personal' or 'instance'" }).optional(),
    emailDigests: z.boolean({ error: 'emailDigests must be true or false' }).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown preference: ${issue.keys.join(', ')}` : undefined) },
);

function toPreferences(row: Prisma.UserGetPayload<{ select: typeof preferencesSelect }>): DigestPreferences {
  return { enabled: row.digestEnabled, digestType: row.digestType, emailDigests: row.emailDigests };
}

/** The viewer's digest preferences (a new account: enabled, personal, e-mailed). */
export async function getDigestPreferences(services: Services, viewer: Viewer): Promise<DigestPreferences> {
  requireAccountAccess(viewer);
  return toPreferences(await services.db.user.findUniqueOrThrow({ where: { id: viewer.id }, select: preferencesSelect }));
}

/** Changes the given digest preferences of the viewer, leaving the others as they are; answers all three. */
export async function updateDigestPreferences(services: Services, viewer: Viewer, input: unknown): Promise<DigestPreferences> {
  requireAccountAccess(viewer);
  const { enabled, digestType, emailDigests } = parseInput(preferencesInput, input ?? {});
  const row = await services.db.user.update({
    where: { id: viewer.id },
    data: { digestEnabled: enabled, digestType, emailDigests },
    select: preferencesSelect,
  });
  return toPreferences(row);
}
