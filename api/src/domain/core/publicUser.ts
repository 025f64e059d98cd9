/** How a person appears to everyone else: in the directory, beside a share or a comment, in a notification. */
export type PublicUser = { id: string; username: string; displayName: string | null; avatarUrl: string | null };
