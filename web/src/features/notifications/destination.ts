/** The screens a notification can lead to. */
export type NotificationDestination =
  | { to: '/discover' | '/settings' | '/export' | '/digest' }
  | { to: '/user/$userId'; params: { userId: string } };

type Routable = { type: string; fromUser?: { id: string } | null };

/**
 * Where clicking a notification goes (spec part 1 §2 routing table), or null to stay put: a password reset
 * carries its link in the text, and mentions wait for the API to say which article they are about.
 */
export function notificationDestination({ type, fromUser }: Routable): NotificationDestination | null {
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
