import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { articleId } from '../articles/articleQuery.ts';
import { ForbiddenError, InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { announceNotifications, createNotifications } from '../notifications/notifications.ts';
import type { Services, Viewer } from '../core/services.ts';
import { mentionedUsernames, resolveMentions } from './mentions.ts';
import { assertShareAllowanceLeft, spendPostAllowance } from './postAllowance.ts';
import { visibleSharesWhere } from '../access/shareVisibility.ts';

/** A share's note and visibility, read the same way whatever is shared (an article, a page from the web). */
export const shareFields = z.object({
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(SHARE_NOTE_MAX, `Note must be at most ${SHARE_NOTE_MAX} characters`)
    .refine((text) => !text.includes('\u0000'), 'Note cannot contain NUL characters')
    .nullish()
    .transform((note) => note || null),
  isPublic: z
    .boolean({ error: 'isPublic must be true or false' })
    .nullish()
    .transform((isPublic) => isPublic ?? false),
});

export type ShareFields = z.output<typeof shareFields>;

const shareInput = z
  .object({ articleId: z.unknown() })
  .extend(shareFields.shape)
  .extend({
    mentions: z
      .array(z.string({ error: 'Mentions must be usernames' }), { error: 'Mentions must be a list of usernames' })
      .max(50)
      .nullish(),
  });

export const shareInclude = {
  user: { select: { id: true, username: true, displayName: true, avatarUrl: true } },
} as const;

/**
 * Shares an article with an optional note, privately (followers) or publicly (also the instance's RSS feed); a
 * newsletter issue publicly only when it has a web version.
 * Sharing it again updates the viewer's one share. People the note mentions are notified once, if they may see
 * the share (`visibleSharesWhere`): a re-share notifies only those it newly mentions.
 */
export async function shareArticle(services: Services, viewer: Viewer, input: unknown) {
  const parsed = parseInput(shareInput, input);
  const article = await shareableArticle(services, articleId(parsed.articleId), parsed.isPublic);
  return recordShare(services, viewer, parsed, async () => article);
}

/**
 * The article to share, or 'not found'. A newsletter issue is its reader's mail: shared publicly only when it has a
 * web version (the public feed links to it).
 */
export async function shareableArticle(services: Services, id: string, isPublic: boolean): Promise<{ id: string; title: string }> {
  const article = await services.db.article.findUnique({
    where: { id },
    select: { id: true, title: true, url: true, feed: { select: { kind: true } } },
  });
  if (!article) throw new NotFoundError('Article not found');
  if (isPublic && article.feed.kind === 'newsletter' && !article.url) {
    throw new InvalidInputError('This newsletter issue has no web version: share it with your followers only');
  }
  return article;
}

const SHARE_NOTE = 'A share note';

/**
 * Refuses, spending nothing, a share that `recordShare` would refuse for its note's mentions or the viewer's used-up
 * allowance: a check before costly work such as fetching the page to share.
 */
export async function assertShareable(services: Services, viewer: Viewer, fields: ShareFields): Promise<void> {
  await resolveMentions(services.db, viewer.id, fields.note ?? '', SHARE_NOTE);
  await assertShareAllowanceLeft(services, viewer);
}

/** A highlight shared as a quote: its id (one share per highlight) and its passage. */
export type SharedQuote = { highlightId: string; quote: string };

/**
 * The one way a share is made or changed (`shareArticle`'s rules), for the article `articleIn` answers inside the
 * share's transaction (so one that is stored for the share is stored with it); notifications go out after the commit.
 * Every call spends one of the viewer's posts (`spendPostAllowance`) before anything is written, since a changed note
 * may mention people too; a refused share writes nothing. With `quote`, the share is that highlight's (one per
 * highlight); without, the viewer's one plain share of the article.
 */
export async function recordShare(
  services: Services,
  viewer: Viewer,
  fields: ShareFields,
  articleIn: (tx: Prisma.TransactionClient) => Promise<{ id: string; title: string }>,
  quote?: SharedQuote,
) {
  const mentionedNow = await resolveMentions(services.db, viewer.id, fields.note ?? '', SHARE_NOTE);
  await spendPostAllowance(services, viewer, 'share');
  const { share, notified } = await services.db.$transaction(async (tx) => {
    const article = await articleIn(tx);
    const previous = await tx.share.findFirst({
      where: quote ? { highlightId: quote.highlightId } : { userId: viewer.id, articleId: article.id, highlightId: null },
      select: { id: true, note: true },
    });
    const namedBefore = new Set(mentionedUsernames(previous?.note ?? '').map((name) => name.toLowerCase()));
    // Told before: named by the previous note when they could see it (a private share made public tells the others now).
    const toldBefore = new Set(
      previous
        ? await maySee(
            tx,
            previous.id,
            mentionedNow.filter((user) => namedBefore.has(user.username.toLowerCase())),
          )
        : [],
    );
    const share = previous
      ? await tx.share.update({ where: { id: previous.id }, data: { note: fields.note, isPublic: fields.isPublic }, include: shareInclude })
      : await tx.share.create({
          data: { userId: viewer.id, articleId: article.id, note: fields.note, isPublic: fields.isPublic, ...quote },
          include: shareInclude,
        });
    // A notification leads to the share: someone who may not see it (a private share, a non-follower) is not told of it.
    const mentioned = await maySee(
      tx,
      share.id,
      mentionedNow.filter((user) => !toldBefore.has(user)),
    );
    const notified = await createNotifications(
      tx,
      mentioned.map((user) => ({
        userId: user.id,
        type: 'share_mention' as const,
        content: `@${viewer.username} mentioned you when sharing "${article.title || 'an article'}"`,
        fromUserId: viewer.id,
        shareId: share.id,
      })),
    );
    return { share, notified };
  });
  announceNotifications(services, notified);
  return share;
}

/** Those of `users` who may see the share `shareId`. */
async function maySee<User extends { id: string }>(tx: Prisma.TransactionClient, shareId: string, users: User[]): Promise<User[]> {
  const seen = await Promise.all(users.map((user) => tx.share.count({ where: { id: shareId, ...visibleSharesWhere(user) } })));
  return users.filter((_user, index) => seen[index]! > 0);
}

/** Takes back one of the viewer's shares; someone else's is 403. */
export async function unshare(
  services: Services,
  viewer: Viewer,
  shareId: unknown,
): Promise<{ id: string; userId: string; articleId: string }> {
  const id = uuid.safeParse(shareId);
  const share = id.success
    ? await services.db.share.findUnique({ where: { id: id.data }, select: { id: true, userId: true, articleId: true } })
    : null;
  if (!share) throw new NotFoundError('Share not found');
  if (share.userId !== viewer.id) throw new ForbiddenError('You can only unshare your own shares');
  await services.db.share.delete({ where: { id: share.id } });
  return share;
}
