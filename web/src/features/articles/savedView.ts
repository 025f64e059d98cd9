import { articleListSearch, compactSearch, filterOf, type ArticleListSearch } from './listSearch';

const keyFor = (userId: string) => `tidings.articles.view.${userId}`;

/**
 * The last list view of one user (filter, search and selected feed or folder persist across visits),
 * for /articles opened bare. The liked view is not kept: it has its own place in the navigation, and the
 * Articles link should not land on it; nor is the hidden list, a look behind the rules rather than a place to read. Per user, so a shared browser never opens someone else's feed.
 */
export function saveView(storage: Storage, userId: string, search: ArticleListSearch): void {
  try {
    if (filterOf(search) === 'liked' || filterOf(search) === 'hidden') return;
    storage.setItem(keyFor(userId), JSON.stringify(compactSearch(search)));
  } catch {
    // Storage can be full or disabled: the URL still holds the view, only the restore is lost.
  }
}

/** The stored view, or null when there is none or it does not read as a list view. */
export function loadSavedView(storage: Storage, userId: string): ArticleListSearch | null {
  try {
    const raw = storage.getItem(keyFor(userId));
    if (!raw) return null;
    const view = compactSearch(articleListSearch(JSON.parse(raw)));
    return Object.keys(view).length > 0 && filterOf(view) !== 'liked' && filterOf(view) !== 'hidden' ? view : null;
  } catch {
    return null;
  }
}
