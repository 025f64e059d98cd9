import { addressLimitKey } from '../core/rateLimits.ts';

/**
 * A per-process count of one kind of request per client address (its `addressLimitKey`: an IPv6 client by its /64), in
 * fixed windows of `windowMs` from each address's first request. Kept in memory rather than in PostgreSQL (rateLimits.ts):
 * every image of every article passes here, and a database write per image would cost more than the answer. Several
 * replicas each allow `points`, which for a generous limit against floods is close enough.
 */
export class AddressRate {
  private readonly windows = new Map<string, { points: number; endsAt: number }>();
  private nextSweep: number;

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + windowMs;
  }

  /** Counts one request of `clientAddress`: null when it may go ahead, else the seconds until its window ends. */
  spend(clientAddress: string): number | null {
    const now = this.now();
    this.sweep(now);
    const key = addressLimitKey(clientAddress);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) this.windows.set(key, (window = { points: 0, endsAt: now + this.windowMs }));
    window.points += 1;
    return window.points > this.points ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : null;
  }

  // Ended windows go once a window, so the map holds the addresses of about one window, however many have come.
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.nextSweep = now + this.windowMs;
  }

  /** Addresses counted now (tests). */
  get size() {
    return this.windows.size;
  }
}
