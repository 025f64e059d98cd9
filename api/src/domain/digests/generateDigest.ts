import type { Digest } from '../../generated/prisma/client.ts';
import { announceNotifications, createNotifications, type CreatedNotification } from '../notifications/notifications.ts';
import type { Services } from '../core/services.ts';
import { instanceDigest, personalDigest, type DigestDraft } from './digestContent.ts';
import { sharedInstanceActivity } from './instanceActivity.ts';
import { markdownToPlainText } from './markdown.ts';
import { personalActivity } from './personalActivity.ts';
import { digestPeriod, periodLabel } from './week.ts';

export type DigestRequest = {
  userId: string;
  /** The end of the covered period: the scheduled time, or now for a first digest. */
  end: Date;
  /** The Sunday of a scheduled digest (one per user and week); none for a first digest. */
  week: string | null;
  /** A scheduled digest tells its owner: a notification, and an e-mail when they want one and e-mail is configured. */
  deliver: boolean;
};

/** The notification text of a ready digest. */
export const DIGEST_READY = 'Your weekly digest is ready';

/**
 * Makes and stores the digest of the user's chosen kind for the 7 days before `end`, and answers it; null when the
 * user no longer exists, their digests are off (a scheduled one), or the week's digest already exists (a retried job,
 * a second worker or a backfill: the (userId, week) key holds one). The digest, its notification and its e-mail job
 * commit together; the notification is announced after.
 */
export async function generateDigest(services: Services, request: DigestRequest): Promise<Digest | null> {
  const user = await services.db.user.findUnique({
    where: { id: request.userId },
    select: { id: true, email: true, digestEnabled: true, digestType: true, emailDigests: true },
  });
  if (!user || (request.week !== null && !user.digestEnabled)) return null;
  if (request.week !== null && (await services.db.digest.count({ where: { userId: user.id, week: request.week } })) > 0) return null;
  const { start, end } = digestPeriod(request.end);
  const period = periodLabel(start, end, services.config.timeZone);
  const draft: DigestDraft =
    user.digestType === 'instance'
      ? instanceDigest(await sharedInstanceActivity(services.db, start, end), period)
      : personalDigest(await personalActivity(services.db, user.id, start, end), period);

  const stored = await services.db.$transaction(async (tx) => {
    const [digest] = await tx.digest.createManyAndReturn({
      data: [
        {
          userId: user.id,
          type: user.digestType,
          week: request.week,
          startDate: start,
          endDate: end,
          ...draft,
          metadata: draft.metadata as object,
        },
      ],
      skipDuplicates: true,
    });
    if (!digest) return null;
    await tx.user.updateMany({ where: { id: user.id, firstDigestAt: null }, data: { firstDigestAt: digest.createdAt } });
    let notified: CreatedNotification[] = [];
    if (request.deliver) {
      notified = await createNotifications(tx, [{ userId: user.id, type: 'digest', content: DIGEST_READY, link: `/digest/${digest.id}` }]);
      if (services.config.email && user.emailDigests) {
        const link = `${services.config.publicUrl}/digest/${digest.id}`;
        const text = `${digest.summary}\n\n${markdownToPlainText(digest.content, services.config.publicUrl)}\nRead it on Tidings: ${link}\n`;
        await services.jobs.add(tx, 'send_email', { to: user.email, subject: digest.title, text });
      }
    }
    return { digest, notified };
  });
  if (!stored) return null;
  announceNotifications(services, stored.notified);
  return stored.digest;
}
