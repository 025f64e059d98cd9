/**
 * Keeps count of a fetch function's requests still running, so the app can wait for them: the first screen is
 * drawn once its queries have answered (main.tsx), in one piece, rather than as a shell whose list appears later;
 * a query waits for the mutations already sent (fetchGraphQL.ts).
 */
export function trackRequests<Args extends unknown[], Answer>(send: (...args: Args) => Promise<Answer>) {
  const running = new Set<Promise<Answer>>();
  return {
    send: (...args: Args): Promise<Answer> => {
      const answer = send(...args);
      running.add(answer);
      const settle = () => running.delete(answer);
      answer.then(settle, settle);
      return answer;
    },
    /** Whether any request is running. */
    running: () => running.size > 0,
    /** Resolves when every request running now has answered or failed, or after `maxMs` (if given), whichever is first. */
    settled: (maxMs?: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = maxMs === undefined ? undefined : setTimeout(resolve, maxMs);
        void Promise.allSettled(running).then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}
