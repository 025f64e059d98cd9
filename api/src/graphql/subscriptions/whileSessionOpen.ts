import { isCredentialOpen } from '../../domain/accounts/credentials.ts';
import type { Services, Viewer } from '../../domain/core/services.ts';

/**
 * Passes events on while the subscriber's session or API token lasts; logout, revocation or a password reset ends it.
 * Written as a plain iterator rather than a generator: a generator waiting for the next event cannot be
 * returned early, so a client that disconnects would hold its topic until that user's next event.
 */
export function whileSessionOpen<T>(services: Services, viewer: Viewer, events: AsyncIterable<T>): AsyncIterableIterator<T> {
  const inner = events[Symbol.asyncIterator]();
  const finish = async (): Promise<IteratorResult<T>> => {
    await inner.return?.();
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      const result = await inner.next();
      if (result.done) return result;
      return (await isCredentialOpen(services, viewer.credential)) ? result : finish();
    },
    return: finish,
  };
}

/** Passes on only the events `keep` accepts; a plain iterator for the same reason as `whileSessionOpen`. */
export function onlyWhere<T>(events: AsyncIterable<T>, keep: (event: T) => Promise<boolean>): AsyncIterableIterator<T> {
  const inner = events[Symbol.asyncIterator]();
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        const result = await inner.next();
        if (result.done || (await keep(result.value))) return result;
      }
    },
    return: async () => {
      await inner.return?.();
      return { done: true, value: undefined };
    },
  };
}
