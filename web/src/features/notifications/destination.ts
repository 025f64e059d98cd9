/** The screens a notification can lead to. */
export type NotificationDestination =
  | { to: '/discover' | '/settings' | '/export' | '/digest' }
  | { to: '/user/$userId'; params: { userId: string } }
  | { to: '/article/$id'; params: { id: string } };

type Routable = { type: string; fromUser?: { id: string } | null; articleId?: string | null };

/**
 * Where clicking a notification goes, by its type, or null to stay put: one about a share
 * or a comment opens its article; a password reset carries its link in the text.
 */
export function notificationDestination({ type, fromUser, articleId }: Routable): NotificationDestination | null {
  if (articleId) return { to: '/article/$id', params: { id: articleId } };
  switch (type) {
    case 'welcome':
      return { to: '/discover' };
    case 'onboarding_tools':
    case 'keyboard_shortcuts':
      return { to: '/settings' };
    case 'onboarding_pdf':
      return { to: '/export' };
    case 'digest':
      return { to: '/digest' };
    case 'new_follower':
      return fromUser ? { to: '/user/$userId', params: { userId: fromUser.id } } : null;
    default:
      return null;
  }
}
