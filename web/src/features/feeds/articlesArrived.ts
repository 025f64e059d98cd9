/** New articles in some of the viewer's feeds, as the server's unread-counts event says (global ids). */
export type ArticlesArrival = {
  /** The Feeds they are in, and the viewer's folders holding those feeds. */
  feedIds: readonly string[];
  folderIds: readonly string[];
  /** How many: stored by a refresh, or the unread articles of a new subscription. */
  articles: number;
  /** Whether the viewer's own new subscription brought them (a list shows those at once). */
  subscribed: boolean;
};

// A module-level EventTarget, as feedsChanged.ts: the live subscription tells, the open article list listens.
const target = new EventTarget();
const EVENT = 'articles-arrived';

/** Tells every listener that new articles arrived. */
export function emitArticlesArrived(arrival: ArticlesArrival): void {
  target.dispatchEvent(new CustomEvent<ArticlesArrival>(EVENT, { detail: arrival }));
}

/** Calls `listener` for each arrival; returns the function that stops listening (an effect's cleanup). */
export function onArticlesArrived(listener: (arrival: ArticlesArrival) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ArticlesArrival>).detail);
  target.addEventListener(EVENT, handle);
  return () => target.removeEventListener(EVENT, handle);
}
