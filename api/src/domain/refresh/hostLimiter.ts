/**
 * Runs tasks with at most `total` at once and at most `perHost` at once for any one host, in the order given
 * otherwise: a pack of fifty feeds goes fast without sending more than a couple of requests to one publisher.
 */
export function createHostLimiter(total: number, perHost: number) {
  let running = 0;
  const runningByHost = new Map<string, number>();
  const waiting: { host: string; start: () => void }[] = [];

  const startNext = () => {
    for (let index = 0; index < waiting.length && running < total;) {
      const candidate = waiting[index]!;
      if ((runningByHost.get(candidate.host) ?? 0) >= perHost) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      running += 1;
      runningByHost.set(candidate.host, (runningByHost.get(candidate.host) ?? 0) + 1);
      candidate.start();
    }
  };

  return function run<T>(host: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push({
        host,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              runningByHost.set(host, runningByHost.get(host)! - 1);
              startNext();
            });
        },
      });
      startNext();
    });
  };
}
