type Subscription = { readonly title: string; readonly feed: { readonly id: string } };
type Folder = { readonly id: string; readonly name: string; readonly subscriptions: readonly Subscription[] };

/** The viewer's name for the feed or folder a list is limited to, from their folders and root feeds. */
export function scopeNames(
  { folders, rootSubscriptions }: { folders: readonly Folder[]; rootSubscriptions: readonly Subscription[] },
  { feedId, folderId }: { feedId: string | null; folderId: string | null },
): { feedTitle?: string; folderName?: string } {
  if (feedId) {
    const subscriptions = [...rootSubscriptions, ...folders.flatMap((folder) => folder.subscriptions)];
    return { feedTitle: subscriptions.find((subscription) => subscription.feed.id === feedId)?.title ?? 'Feed' };
  }
  if (folderId) return { folderName: folders.find((folder) => folder.id === folderId)?.name ?? 'Folder' };
  return {};
}
