import { z } from 'zod';
import type { Digest } from '../../generated/prisma/client.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import type { Services, Viewer } from '../core/services.ts';
import { generateDigest } from './generateDigest.ts';
import { publicDigest } from './publicDigest.ts';

export const DIGEST_PAGE_SIZE = 20;
export const DIGEST_PAGE_MAX = 100;

/**
 * What a first digest needs, as the first-digest checklist shows it: enough to have something to summarise, and
 * small, so a new reader gets there in their first session. The checklist reads 'Share N articles', 'Like N article'.
 */
export const FIRST_DIGEST_REQUIREMENTS = { feeds: 3, shares: 2, likes: 1 } as const;

const listInput = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(DIGEST_PAGE_MAX, `limit must be at most ${DIGEST_PAGE_MAX}`)
    .default(DIGEST_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .default(0),
});

/**
 * The viewer's digests, newest first, a page at a time (`limit` 20, `offset` 0 by default), and how many there are;
 * the feeds they name by their public address (`publicDigest`), as every digest read does.
 */
export async function listDigests(services: Services, viewer: Viewer, input: unknown) {
  const { limit, offset } = parseInput(listInput, input ?? {});
  const [digests, total] = await Promise.all([
    services.db.digest.findMany({
      where: { userId: viewer.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: offset,
      take: limit,
    }),
    services.db.digest.count({ where: { userId: viewer.id } }),
  ]);
  return { digests: digests.map(publicDigest), total, hasMore: offset + digests.length < total };
}

/** One of the viewer's digests; another user's, or none, is 'Digest not found'. */
export async function getDigest(services: Services, viewer: Viewer, id: unknown): Promise<Digest> {
  const parsed = uuid.safeParse(id);
  const digest = parsed.success ? await services.db.digest.findFirst({ where: { id: parsed.data, userId: viewer.id } }) : null;
  if (!digest) throw new NotFoundError('Digest not found');
  return publicDigest(digest);
}

/** Deletes one of the viewer's digests; another user's, or none, is 'Digest not found' and deletes nothing. */
export async function deleteDigest(services: Services, viewer: Viewer, id: unknown): Promise<{ id: string }> {
  const parsed = uuid.safeParse(id);
  const { count } = parsed.success ? await services.db.digest.deleteMany({ where: { id: parsed.data, userId: viewer.id } }) : { count: 0 };
  if (count === 0) throw new NotFoundError('Digest not found');
  return { id: parsed.data! };
}

type Requirement = { met: boolean; current: number; required: number };

export type FirstDigestStatus = {
  hasDigests: boolean;
  canGenerate: boolean;
  requirements: { feeds: Requirement; shares: Requirement; likes: Requirement };
};

/** Whether the viewer ever had a digest, and how far they are from the first one (FIRST_DIGEST_REQUIREMENTS). */
export async function firstDigestStatus(services: Services, viewer: Viewer): Promise<FirstDigestStatus> {
  const [user, feeds, shares, likes] = await Promise.all([
    services.db.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { firstDigestAt: true } }),
    services.db.subscription.count({ where: { userId: viewer.id } }),
    services.db.share.count({ where: { userId: viewer.id } }),
    services.db.likedArticle.count({ where: { userId: viewer.id } }),
  ]);
  const requirement = (current: number, required: number): Requirement => ({ met: current >= required, current, required });
  const requirements = {
    feeds: requirement(feeds, FIRST_DIGEST_REQUIREMENTS.feeds),
    shares: requirement(shares, FIRST_DIGEST_REQUIREMENTS.shares),
    likes: requirement(likes, FIRST_DIGEST_REQUIREMENTS.likes),
  };
  const hasDigests = user.firstDigestAt !== null;
  return { hasDigests, canGenerate: !hasDigests && Object.values(requirements).every((r) => r.met), requirements };
}

/** Makes the viewer's first digest now, of their chosen kind, when `firstDigestStatus` allows it; refused otherwise. */
export async function generateFirstDigest(services: Services, viewer: Viewer): Promise<Digest> {
  const status = await firstDigestStatus(services, viewer);
  if (status.hasDigests) throw new InvalidInputError('You already have a digest; the next one comes on Sunday');
  if (!status.canGenerate) {
    const { feeds, shares, likes } = FIRST_DIGEST_REQUIREMENTS;
    throw new InvalidInputError(`Subscribe to ${feeds} feeds, share ${shares} articles and like ${likes} article first`);
  }
  const digest = await generateDigest(services, { userId: viewer.id, end: new Date(), week: null, deliver: false });
  // Without a week there is no duplicate to skip: no digest means the account went away meanwhile.
  if (!digest) throw new NotFoundError('Account not found');
  return digest;
}
