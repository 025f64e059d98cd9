/** Gives back a slot taken by `MediaSlots.take`; a second call does nothing. */
export type ReleaseSlot = () => void;

/**
 * The media proxy's fetch slots in one process: at most `total` upstream fetches at once and `perHost` to any one host,
 * the others waiting in the order they came (one whose host is full lets the next one of another host pass). Apart
 * from feed fetching's slots (hostSlots.ts), which are shared across processes through PostgreSQL: a reader's images
 * neither wait behind the schedule's feeds nor hold their turn up.
 */
export class MediaSlots {
  private running = 0;
  private readonly runningByHost = new Map<string, number>();
  private readonly waiting: { host: string; start: (release: ReleaseSlot) => void }[] = [];

  constructor(
    private readonly total: number,
    private readonly perHost: number,
  ) {}

  /** Takes a slot for `host`, waiting for one as long as it must, or fails with `signal`'s reason once it aborts. */
  take(host: string, signal: AbortSignal): Promise<ReleaseSlot> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter = {
        host,
        start: (release: ReleaseSlot) => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.startNext();
    });
  }

  /** Fetches running and waiting now (tests, logs). */
  get counts() {
    return { running: this.running, waiting: this.waiting.length };
  }

  private startNext() {
    for (let index = 0; index < this.waiting.length && this.running < this.total;) {
      const waiter = this.waiting[index]!;
      const onHost = this.runningByHost.get(waiter.host) ?? 0;
      if (onHost >= this.perHost) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      this.running += 1;
      this.runningByHost.set(waiter.host, onHost + 1);
      waiter.start(this.releaser(waiter.host));
    }
  }

  private releaser(host: string): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const onHost = this.runningByHost.get(host)! - 1;
      if (onHost === 0) this.runningByHost.delete(host);
      else this.runningByHost.set(host, onHost);
      this.startNext();
    };
  }
}
