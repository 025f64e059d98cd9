import { linkOptions, useRouterState } from '@tanstack/react-router';

/**
 * Choosing a feed (or a folder, which clears the feed) sets the article filter to all and opens
 * /articles. The choice lives in the URL (/articles?feed=<id>&filter=all, /articles?folder=<id>&filter=all),
 * so it survives a reload and can be shared.
 */
export const feedLink = (feedId: string) => linkOptions({ to: '/articles', search: { feed: feedId, filter: 'all' } });
export const folderLink = (folderId: string) => linkOptions({ to: '/articles', search: { folder: folderId, filter: 'all' } });

/** The feed or folder the article list is showing, if any. */
export function useFeedSelection(): { feedId?: string; folderId?: string } {
  return useRouterState({
    select: ({ location }) => {
      if (location.pathname !== '/articles') return {};
      const { feed, folder } = location.search as {
        feed?: string;
        folder?: string;
      };
      return { feedId: feed, folderId: folder };
    },
    structuralSharing: true,
  });
}
