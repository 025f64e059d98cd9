import { useEffect, useMemo } from 'react';
import { graphql, useRelayEnvironment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { notify } from '../../ui/toast';
import type { useNotificationAddedSubscription as Subscription } from './__generated__/useNotificationAddedSubscription.graphql';
import { coalesce, LIVE_TOAST_WINDOW_MS, liveToastMessage } from './liveToasts';
import { reloadNotifications } from './reloadNotifications';

const subscription = graphql`
  subscription useNotificationAddedSubscription {
    notificationAdded {
      type
      content
      fromUser {
        username
      }
    }
  }
`;

const MENTION_TYPES = new Set(['comment_mention', 'share_mention']);
// What people do toasts; what the instance says (a reset link, a digest) waits in the panel.
const TOASTED_TYPES = new Set([...MENTION_TYPES, 'new_follower', 'comment_on_share']);

type Added = Subscription['response']['notificationAdded'];

function toastText({ type, content, fromUser }: Added): string {
  return MENTION_TYPES.has(type) && fromUser ? `New mention from @${fromUser.username}` : content;
}

/**
 * Live notifications reload the grouped list and the count (a new one may join a group rather than add a row), and
 * a burst makes at most one toast a second, with a count.
 */
export function useNotificationAddedSubscription() {
  const environment = useRelayEnvironment();
  const live = useMemo(
    () =>
      coalesce<Added>(LIVE_TOAST_WINDOW_MS, (added) => {
        const toasted = added.filter((notification) => TOASTED_TYPES.has(notification.type));
        // One toast id: a newer count replaces the one on screen instead of stacking under it.
        if (toasted.length > 0) notify.info(liveToastMessage(toasted.map(toastText)), { id: 'notifications-live' });
        // Failures are left to the poller, which reports them once.
        reloadNotifications(environment).catch(() => {});
      }),
    [environment],
  );
  useEffect(() => () => live.stop(), [live]);
  const config = useMemo<GraphQLSubscriptionConfig<Subscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: (data) => {
        if (data?.notificationAdded) live.add(data.notificationAdded);
      },
      // The socket retries by itself, and an ended session is reported by the HTTP calls; polling covers any gap.
      onError: () => {},
    }),
    [live],
  );
  useSubscription(config);
}
