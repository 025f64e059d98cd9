import { createPubSub } from 'graphql-yoga';

/** The events Tidings publishes, by channel; the second element is the recipient's user id. */
type Channels = {
  'notification:added': [userId: string, payload: { notificationId: string }];
};

/** The event bus between domain code and subscribers (in-process; the social work moves it onto Redis). */
export type Events = ReturnType<typeof createEvents>;

/** Creates the in-process event bus. */
export function createEvents() {
  return createPubSub<Channels>();
}
