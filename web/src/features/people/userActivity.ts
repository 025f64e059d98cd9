import { type LucideIcon } from 'lucide-react';
import MessageSquare from 'lucide-react/icons/message-square';
import Share2 from 'lucide-react/icons/share-2';
import { countOf as count } from '../../ui/counts';

export type Activity = { icon: LucideIcon; label: string };

/** What a directory card says a user did: shares and comments, each only when more than 0. */
export function userActivity({ sharesCount, commentsCount }: { sharesCount: number; commentsCount: number }): Activity[] {
  const activity: Activity[] = [];
  if (sharesCount > 0) activity.push({ icon: Share2, label: count(sharesCount, 'share') });
  if (commentsCount > 0) activity.push({ icon: MessageSquare, label: count(commentsCount, 'comment') });
  return activity;
}
