import type { PublicUser } from '../domain/core/publicUser.ts';
import type { ShareView } from '../domain/social/shareList.ts';
import type { SharedPageArticle } from '../domain/social/sharePage.ts';
import type { ArticleView, FullTextState } from '../domain/articles/articleView.ts';
import type { AccountView } from '../domain/accounts/accounts.ts';
import type { InviteRateLimit } from '../domain/accounts/invites.ts';
import { displayTitle, type SubscriptionWithFeed } from '../domain/subscriptions/subscriptions.ts';
import type { CommentLink } from '../domain/social/commentLinks.ts';

/** A user as other people see them. */
export function publicUserJson(user: PublicUser) {
  return { id: user.id, username: user.username, displayName: user.displayName, avatar: user.avatarUrl };
}

/** The signed-in user's own account, with its role and isAdmin (true exactly when the role is admin). */
export function accountJson(user: AccountView) {
  return { ...publicUserJson(user), email: user.email, role: user.role, isAdmin: user.role === 'admin', createdAt: user.createdAt };
}

type InviteRow = {
  id: string;
  code: string;
  createdAt: Date;
  usedAt: Date | null;
  usedBy: { username: string; displayName: string | null } | null;
};

/** An invite code: when it was made and, once used, when and by whom. */
export function inviteJson(invite: InviteRow) {
  return {
    id: invite.id,
    code: invite.code,
    createdAt: invite.createdAt,
    usedAt: invite.usedAt,
    usedBy: invite.usedBy ? { username: invite.usedBy.username, displayName: invite.usedBy.displayName } : null,
  };
}

export function rateLimitJson(info: InviteRateLimit) {
  return { ...info };
}

type ArticleRef = { id: string; title: string };
type NotificationRow = {
  id: string;
  type: string;
  content: string;
  link: string | null;
  read: boolean;
  createdAt: Date;
  fromUser: PublicUser | null;
  share: { id: string; article: ArticleRef } | null;
  comment: { id: string; article: ArticleRef } | null;
};

/** A notification group: its row's sentence, counts, the people behind it and its newest member. */
export function notificationGroupJson(group: {
  id: string;
  summary: string;
  count: number;
  unreadCount: number;
  read: boolean;
  actorCount: number;
  actors: PublicUser[];
  latest: NotificationRow;
}) {
  return {
    id: group.id,
    type: group.latest.type,
    summary: group.summary,
    count: group.count,
    unreadCount: group.unreadCount,
    read: group.read,
    actorCount: group.actorCount,
    actors: group.actors.map(publicUserJson),
    latestAt: group.latest.createdAt,
    latest: notificationJson(group.latest),
  };
}

/** A notification, with its sender and the share or comment it is about, if any. */
export function notificationJson(notification: NotificationRow) {
  return {
    id: notification.id,
    type: notification.type,
    content: notification.content,
    link: notification.link,
    read: notification.read,
    createdAt: notification.createdAt,
    fromUser: notification.fromUser ? publicUserJson(notification.fromUser) : null,
    share: notification.share,
    comment: notification.comment,
  };
}

/**
 * A subscription: the subscriber's title, the feed and its health, the folder,
 * and in the lists its unread count. `lastError` is null while the feed is healthy.
 */
export function subscriptionJson(subscription: SubscriptionWithFeed & { unreadCount?: number }) {
  const { feed } = subscription;
  return {
    id: subscription.id,
    title: displayTitle(subscription),
    customTitle: subscription.title,
    folderId: subscription.folderId,
    muted: subscription.muted,
    fullText: subscription.fullText,
    sendsExcerpts: feed.sendsExcerpts,
    fullTextRules: { contentSelector: feed.fullTextSelector, removeSelectors: feed.fullTextRemove },
    createdAt: subscription.createdAt,
    unreadCount: subscription.unreadCount,
    lastError: feed.fetchError,
    lastSuccessAt: feed.lastSuccessAt,
    feed: {
      id: feed.id,
      title: feed.title,
      url: feed.url,
      description: feed.description,
      siteUrl: feed.siteUrl,
      fetchError: feed.fetchError,
      lastFetchedAt: feed.lastFetchedAt,
      lastSuccessAt: feed.lastSuccessAt,
    },
  };
}

/** A folder with its subscriptions and their count, and in the list its unread count. */
export function folderJson(folder: { id: string; name: string; subscriptions: SubscriptionWithFeed[]; unreadCount?: number }) {
  return {
    id: folder.id,
    name: folder.name,
    unreadCount: folder.unreadCount,
    subscriptions: folder.subscriptions.map(subscriptionJson),
    _count: { subscriptions: folder.subscriptions.length },
  };
}

/** An article as the viewer sees it; `content` only when it was loaded. */
export function articleJson(article: ArticleView) {
  return {
    id: article.id,
    title: article.title,
    url: article.url,
    author: article.author,
    excerpt: article.excerpt,
    imageUrl: article.imageUrl,
    enclosures: article.enclosures,
    commentsUrl: article.commentsUrl,
    unsubscribeUrl: article.unsubscribeUrl,
    publishedAt: article.publishedAt,
    isRead: article.isRead,
    isLiked: article.isLiked,
    starred: article.starred,
    feed: { id: article.feed.id, title: article.feedTitle, url: article.feed.url, siteUrl: article.feed.siteUrl },
    storyId: article.storyId,
    alsoIn: article.alsoIn,
    _count: article.counts,
    circle: {
      sharedBy: article.circle.sharedBy.map(publicUserJson),
      commentedBy: article.circle.commentedBy.map(publicUserJson),
      sharedByCount: article.circle.sharedByCount,
      commentedByCount: article.circle.commentedByCount,
    },
    ...(article.content === undefined ? {} : { content: article.content }),
    ...(article.fullText === undefined ? {} : { fullText: article.fullText && fullTextJson(article.fullText) }),
  };
}

/** Where an article's full text stands: its content is the article's `content` when the reader shows it. */
export function fullTextJson({ content: _shownAsContent, ...state }: FullTextState) {
  return state;
}

type CommentRow = {
  id: string;
  content: string;
  links: unknown;
  createdAt: Date;
  updatedAt: Date;
  user: PublicUser;
  article: ArticleRef;
};

/**
 * A comment: `links` is a JSON string of {url, title, feedUrl} items, `mentions` the usernames of
 * the accounts it @mentions (`textMentions`).
 */
export function commentJson(comment: CommentRow, mentions: string[]) {
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    user: publicUserJson(comment.user),
    article: comment.article,
    // Each link's {url, title, feedUrl}, without the look-up's bookkeeping (`pending`).
    links: JSON.stringify((comment.links as CommentLink[]).map(({ url, title, feedUrl }) => ({ url, title, feedUrl }))),
    mentions,
  };
}

/** A share as its sharer just made it: the article by id. */
export function shareRefJson(share: {
  id: string;
  note: string | null;
  isPublic: boolean;
  quote: string | null;
  createdAt: Date;
  user: PublicUser;
  articleId: string;
}) {
  return {
    id: share.id,
    note: share.note,
    isPublic: share.isPublic,
    quote: share.quote,
    createdAt: share.createdAt,
    user: publicUserJson(share.user),
    articleId: share.articleId,
  };
}

/** The article a page from the web was shared as; `siteName` only for one stored from the page itself. */
export function sharedPageArticleJson(article: SharedPageArticle) {
  return {
    id: article.id,
    title: article.title,
    url: article.url,
    ...(article.siteName === null ? {} : { siteName: article.siteName }),
    imageUrl: article.imageUrl,
  };
}

/** A share with its sharer and article. */
export function shareJson(share: ShareView) {
  return {
    id: share.id,
    note: share.note,
    isPublic: share.isPublic,
    quote: share.quote,
    createdAt: share.createdAt,
    user: publicUserJson(share.user),
    article: articleJson(share.article),
  };
}
