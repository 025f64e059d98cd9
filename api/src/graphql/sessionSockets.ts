import type { Viewer } from '../domain/core/services.ts';
import type { Events } from '../realtime/events.ts';

/** What the tracker needs of a WebSocket. */
export type ClosableSocket = { close(code: number, reason: string): void };

/** How a socket whose session ended is closed: 4401 is graphql-ws' Unauthorized, which its clients do not retry. */
export const SESSION_ENDED = { code: 4401, reason: 'Session ended. Please login again.' } as const;

/**
 * Closes a socket whose session ended once the answers already on their way are sent: an operation refused
 * because its session just expired ends that session itself, and its refusal must still reach the client.
 */
export function closeSoon(socket: ClosableSocket): void {
  setImmediate(() => socket.close(SESSION_ENDED.code, SESSION_ENDED.reason));
}

/**
 * The signed-in sockets of this process by user and session. While a user has one here, the process listens
 * to that user's `session:ended` events (published by any process) and closes the sockets of those sessions.
 */
export function trackSessionSockets(events: Events) {
  const users = new Map<string, { sockets: Map<ClosableSocket, string>; stopListening: () => void }>();

  function listen(userId: string): () => void {
    const ended = events.subscribe('session:ended', userId)[Symbol.asyncIterator]();
    void (async () => {
      for (let event = await ended.next(); !event.done; event = await ended.next()) {
        const sockets = users.get(userId)?.sockets ?? new Map<ClosableSocket, string>();
        for (const [socket, sessionId] of sockets) {
          if (event.value.sessionIds.includes(sessionId)) closeSoon(socket);
        }
      }
    })();
    return () => void ended.return?.();
  }

  return {
    add(socket: ClosableSocket, viewer: Viewer): void {
      const user = users.get(viewer.id) ?? { sockets: new Map(), stopListening: listen(viewer.id) };
      user.sockets.set(socket, viewer.credential.id);
      users.set(viewer.id, user);
    },
    remove(socket: ClosableSocket, viewer: Viewer): void {
      const user = users.get(viewer.id);
      if (!user?.sockets.delete(socket) || user.sockets.size > 0) return;
      user.stopListening();
      users.delete(viewer.id);
    },
    /** How many users this process listens for (for tests). */
    listenedUsers: () => users.size,
  };
}
