import { z } from 'zod';
import { articleId } from '../articles/articleQuery.ts';
import { ForbiddenError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { COMMENT_MAX } from '@tidings/shared/limits';
import type { Prisma } from '../../generated/prisma/client.ts';
import { decodeKeyset, encodeKeyset } from '../core/keyset.ts';
import { pageInput, toPage, type Page } from '../core/pages.ts';
import { notificationGroupKey } from '../notifications/notificationGroups.ts';
import { announceNotifications, createNotifications, type NewNotification } from '../notifications/notifications.ts';
import type { Services, Viewer } from '../core/services.ts';
import { commentLinks } from './commentLinks.ts';
import { resolveMentions } from './mentions.ts';
import { notMutedBy } from './mutes.ts';
import { spendPostAllowance } from './postAllowance.ts';
import { storyArticleIds, storyIdOf } from '../stories/storyCopies.ts';
import type { ConversationChange } from '../../realtime/events.ts';

const content = z
  .string({ error: 'Comment must be text' })
  .trim()
  .min(1, 'Comment cannot be empty')
  .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`)
  // PostgreSQL text cannot hold U+0000: refused here rather than failing in the database (a 500).
  .refine((text) => !text.includes('\u0000'), 'Comment cannot contain NUL characters');

const createInput = z.object({
  articleId: z.unknown(),
  content,
  mentions: z
    .array(z.string({ error: 'Mentions must be usernames' }), { error: 'Mentions must be a list of usernames' })
    .max(50)
    .nullish(),
});

const editInput = z.object({ content });

export const commentInclude = {
  user: { select: { id: true, username: true, displayName: true, avatarUrl: true } },
  article: { select: { id: true, title: true } },
} satisfies Prisma.CommentInclude;

export const COMMENT_PAGE_DEFAULT = 50;
export const COMMENT_PAGE_MAX = 200;

const commentPageInput = pageInput(COMMENT_PAGE_DEFAULT, COMMENT_PAGE_MAX);

export type CommentRow = Prisma.CommentGetPayload<{ include: typeof commentInclude }>;

/**
 * An article's comments, with those on every other copy of its story (each names the article it was made on),
 * newest first, a page at a time (keyset on createdAt, id); an unknown article is 404. Comments by people the viewer
 * muted are left out (the article's comment count stays everyone's).
 */
export async function listComments(services: Services, viewer: Viewer, article: unknown, input: unknown): Promise<Page<CommentRow>> {
  const id = articleId(article);
  const { first, after } = parseInput(commentPageInput, input ?? {});
  const position = after ? decodeKeyset(after) : null;
  const copies = await storyArticleIds(services.db, id);
  if (copies.length === 0) throw new NotFoundError('Article not found');
  const rows = await services.db.comment.findMany({
    where: {
      articleId: { in: copies },
      user: notMutedBy(viewer),
      ...(position && { OR: [{ createdAt: { lt: position.time } }, { createdAt: position.time, id: { lt: position.id } }] }),
    },
    include: commentInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: first + 1,
  });
  return toPage(rows, first, commentCursor);
}

/** Where a comment stands in its article's list, as a cursor. */
export function commentCursor(comment: { createdAt: Date; id: string }): string {
  return encodeKeyset({ time: comment.createdAt, id: comment.id });
}

/**
 * Comments on an article. In the same transaction: the mentioned users are notified once each (never the
 * author), and so are the people who shared the article; its links are queued for feed detection. A valid comment
 * spends one of the author's posts (`spendPostAllowance`) before it is written; a refused one writes nothing.
 */
export async function createComment(services: Services, viewer: Viewer, input: unknown) {
  const parsed = parseInput(createInput, input);
  const article = await services.db.article.findUnique({
    where: { id: articleId(parsed.articleId) },
    select: { id: true, title: true, storyId: true },
  });
  if (!article) throw new NotFoundError('Article not found');
  const mentioned = await resolveMentions(services.db, viewer.id, parsed.content, 'A comment');
  await spendPostAllowance(services, viewer, 'comment');
  const links = commentLinks(parsed.content);
  const { comment, notified } = await services.db.$transaction(async (tx) => {
    const comment = await tx.comment.create({
      data: { articleId: article.id, userId: viewer.id, content: parsed.content, links },
      include: commentInclude,
    });
    const sharers = await tx.share.findMany({
      where: { articleId: article.id, userId: { notIn: [viewer.id, ...mentioned.map((user) => user.id)] } },
      select: { userId: true },
    });
    const about = `"${article.title || 'an article'}"`;
    const notifications: NewNotification[] = [
      ...mentioned.map((user) => ({
        userId: user.id,
        type: 'comment_mention' as const,
        content: `@${viewer.username} mentioned you in a comment on ${about}`,
        fromUserId: viewer.id,
        commentId: comment.id,
        groupKey: notificationGroupKey.commentMentions(article.id),
      })),
      ...sharers.map((sharer) => ({
        userId: sharer.userId,
        type: 'comment_on_share' as const,
        content: `@${viewer.username} commented on ${about}, which you shared`,
        fromUserId: viewer.id,
        commentId: comment.id,
      })),
    ];
    const notified = await createNotifications(tx, notifications);
    if (links.length > 0) await services.jobs.add(tx, 'detect_comment_links', { commentId: comment.id });
    return { comment, notified };
  });
  announceNotifications(services, notified);
  announceConversation(services, article.storyId ?? article.id, { commentId: comment.id, articleId: article.id, change: 'added' });
  return comment;
}

/** Tells everyone reading a copy of the story, live (after the change is committed). */
function announceConversation(services: Services, storyId: string, change: ConversationChange): void {
  services.events.publish('conversation:changed', storyId, change);
}

async function announceCommentChange(services: Services, comment: { id: string; articleId: string }, change: 'edited' | 'deleted') {
  const storyId = await storyIdOf(services.db, comment.articleId);
  if (storyId) announceConversation(services, storyId, { commentId: comment.id, articleId: comment.articleId, change });
}

/**
 * Edits one of the viewer's comments; someone else's is 403. Its links are detected again. An edit notifies nobody,
 * so it spends none of the author's posts, but its text obeys the same limit of mentions.
 */
export async function editComment(services: Services, viewer: Viewer, commentId: unknown, input: unknown) {
  const { content: text } = parseInput(editInput, input);
  const comment = await ownComment(services, viewer, commentId);
  await resolveMentions(services.db, viewer.id, text, 'A comment');
  const links = commentLinks(text);
  const updated = await services.db.$transaction(async (tx) => {
    const updated = await tx.comment.update({ where: { id: comment.id }, data: { content: text, links }, include: commentInclude });
    if (links.length > 0) await services.jobs.add(tx, 'detect_comment_links', { commentId: comment.id });
    return updated;
  });
  await announceCommentChange(services, comment, 'edited');
  return updated;
}

/** Deletes one of the viewer's comments; someone else's is 403. */
export async function deleteComment(services: Services, viewer: Viewer, commentId: unknown): Promise<{ id: string; articleId: string }> {
  const comment = await ownComment(services, viewer, commentId);
  await services.db.comment.delete({ where: { id: comment.id } });
  await announceCommentChange(services, comment, 'deleted');
  return comment;
}

async function ownComment(services: Services, viewer: Viewer, commentId: unknown) {
  const id = uuid.safeParse(commentId);
  const comment = id.success
    ? await services.db.comment.findUnique({ where: { id: id.data }, select: { id: true, userId: true, articleId: true } })
    : null;
  if (!comment) throw new NotFoundError('Comment not found');
  if (comment.userId !== viewer.id) throw new ForbiddenError('You can only change your own comments');
  return comment;
}
