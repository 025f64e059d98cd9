import { countOf as count, formatNumber } from '../../ui/counts';
import type { ArticleListFilter } from './listSearch';

/**
 * The count line: 'N unread article(s)', 'N liked article(s)', 'N starred article(s)', 'N article(s) hidden by your
 * rules' or 'N article(s)'; 'N+ …' when the list holds more than N (`more`: a search's count stopped there).
 */
export function countLine(filter: ArticleListFilter, n: number, more = false): string {
  const noun = filter === 'all' || filter === 'circle' || filter === 'hidden' ? 'article' : `${filter} article`;
  const counted = more ? `${formatNumber(n)}+ ${noun}s` : count(n, noun);
  return filter === 'hidden' ? `${counted} hidden by your rules` : counted;
}

/** How many articles a list holds: `n`, or more than `n` (`more`: a search's count stopped there). */
export type ListCount = { n: number; more: boolean };

/**
 * A list's count as the server answered it: asked to stop at `upTo`, an answer over it means more than `upTo`,
 * unless every row is loaded (`loaded`), which then counts them. A search's count, asked apart from its rows, may
 * not be answered yet (null): once every row is loaded they are the count, else it is unknown (null).
 */
export function listCount(
  totalCount: number | null | undefined,
  upTo: number | null,
  loaded: { rows: number; hasMore: boolean },
): ListCount | null {
  if (totalCount === null || totalCount === undefined) return loaded.hasMore ? null : { n: loaded.rows, more: false };
  if (upTo === null || totalCount <= upTo) return { n: totalCount, more: false };
  return loaded.hasMore ? { n: upTo, more: true } : { n: loaded.rows, more: false };
}

type Row = { isRead: boolean; isLiked: boolean; starred: boolean };

/** Whether a row has left its list since it loaded: read in unread, unliked in liked, unstarred in starred. */
const hasLeft = (filter: Exclude<ArticleListFilter, 'all' | 'circle' | 'hidden'>, row: Row) =>
  ({ unread: row.isRead, liked: !row.isLiked, starred: !row.starred })[filter];

/**
 * How many articles the list holds now. The server counted when it loaded; rows that have left the list since
 * then still show, so the user sees what they did, but no longer count.
 */
export function currentCount(filter: ArticleListFilter, totalCount: number, rows: readonly Row[]): number {
  if (filter === 'all' || filter === 'circle' || filter === 'hidden') return totalCount;
  const left = rows.filter((row) => hasLeft(filter, row)).length;
  return Math.max(0, totalCount - left);
}

const FILTER_TITLES = {
  unread: 'Unread',
  all: 'All articles',
  liked: 'Liked',
  starred: 'Starred',
  circle: 'Circle',
  hidden: 'Hidden by your rules',
} as const;

/** The list's document title: 'Unread', 'All articles', 'Liked', 'Starred' or 'Circle', after the feed or folder and search. */
export function listPageTitle(filter: ArticleListFilter, scopeName: string | null, searchText: string | null): string {
  return [searchText && `“${searchText}”`, scopeName, FILTER_TITLES[filter]].filter(Boolean).join(' · ');
}

/** The empty list's 'No articles found' and why. */
export function emptyMessage(filter: ArticleListFilter, searchText: string | null): { title: string; detail: string } {
  if (searchText) {
    const which = filter === 'all' ? '' : `${filter} `;
    return { title: 'No articles found', detail: `No ${which}articles match “${searchText}”. Try other words.` };
  }
  const detail = {
    unread: 'All articles have been read',
    liked: 'No liked articles yet',
    starred: 'No starred articles yet. Star an article (or press s) to keep it here for later.',
    all: 'No articles available',
    circle: 'What the people you follow share or comment on shows here, from any feed. Find people to follow in the directory.',
    hidden: 'Your rules hide nothing here.',
  }[filter];
  const title = { circle: 'Nothing from the people you follow yet', hidden: 'Nothing hidden' }[filter as string] ?? 'No articles found';
  return { title, detail };
}

/** The confirmation of Mark All as Read: it names what it affects. */
export function markAllReadMessage(scope: { feedTitle?: string; folderName?: string }): string {
  if (scope.feedTitle) return `Mark every unread article of “${scope.feedTitle}” as read? Other feeds stay as they are.`;
  if (scope.folderName)
    return `Mark every unread article of the feeds in the folder “${scope.folderName}” as read? Other feeds stay as they are.`;
  return 'Mark every unread article of all your feeds as read?';
}

/** The toast after Mark All as Read: 'Marked N articles as read'. */
export const markedReadToast = (n: number) => `Marked ${count(n, 'article')} as read`;
