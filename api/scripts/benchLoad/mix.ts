/** What a simulated reader does, and how often (per cent): the mix of a person reading. */
export const ACTION_MIX = [
  ['list', 60],
  ['open', 20],
  ['mark read', 10],
  ['like', 5],
  ['comment', 3],
  ['notifications', 2],
] as const;

export type Action = (typeof ACTION_MIX)[number][0];

/** The action a uniform draw in [0, 1) stands for, by the weights of ACTION_MIX. */
export function pickAction(draw: number): Action {
  // In whole per cents: sums of fractions such as 0.6 + 0.2 + 0.1 + 0.05 are not exact.
  let threshold = 0;
  for (const [action, percent] of ACTION_MIX) {
    threshold += percent;
    if (draw * 100 < threshold) return action;
  }
  return ACTION_MIX.at(-1)![0];
}

/** A person's pause between two actions, 1–5 s, from a uniform draw in [0, 1). */
export function thinkTimeMs(draw: number): number {
  return 1000 + draw * 4000;
}

/** A seeded pseudo-random generator (mulberry32) giving draws in [0, 1), so runs draw the same actions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The nearest-rank percentile `p` (0–100) of ascending `sorted` values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** What one kind of action (or 'all' of them) came to in a phase. */
export type KindSummary = { action: Action | 'all'; requests: number; errors: number; p50: number; p95: number; p99: number; max: number };

/** Latencies and error counts per action, gathered while a phase runs. */
export class Tally {
  private readonly latencies = new Map<Action, number[]>();
  private readonly errorCounts = new Map<Action, number>();
  /** The first error message of each kind, to show what went wrong. */
  readonly firstErrors = new Map<Action, string>();

  record(action: Action, latencyMs: number, error?: string): void {
    const latencies = this.latencies.get(action) ?? [];
    latencies.push(latencyMs);
    this.latencies.set(action, latencies);
    if (error === undefined) return;
    this.errorCounts.set(action, (this.errorCounts.get(action) ?? 0) + 1);
    if (!this.firstErrors.has(action)) this.firstErrors.set(action, error);
  }

  /** One row per action of the mix, in the mix's order, and one for all of them together. */
  summary(): { kinds: KindSummary[]; all: KindSummary } {
    const summarise = (action: KindSummary['action'], values: number[], errors: number): KindSummary => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (p: number) => percentile(sorted, p);
      return { action, requests: sorted.length, errors, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN };
    };
    const kinds = ACTION_MIX.map(([action]) => summarise(action, this.latencies.get(action) ?? [], this.errorCounts.get(action) ?? 0));
    const everything = [...this.latencies.values()].flat();
    const errors = [...this.errorCounts.values()].reduce((sum, count) => sum + count, 0);
    return { kinds, all: summarise('all', everything, errors) };
  }
}
