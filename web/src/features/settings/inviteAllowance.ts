/** The fields of the viewer's invite allowance (their rate limit) that the screen reads. */
export type Allowance = { readonly unlimited: boolean; readonly remaining: number };

/** The remaining count is green above 1, yellow at 1, red at 0, and blue otherwise (unlimited). */
export type RemainingTone = 'green' | 'yellow' | 'red' | 'blue';

export function remainingTone({ unlimited, remaining }: Allowance): RemainingTone {
  if (unlimited) return 'blue';
  if (remaining > 1) return 'green';
  return remaining === 1 ? 'yellow' : 'red';
}

/** Generate is disabled when the viewer is not unlimited and none remain. */
export function canGenerateInvite({ unlimited, remaining }: Allowance): boolean {
  return unlimited || remaining > 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until `at`, rounded up (a reset 3 hours away is in 1 day), never below 0. */
export function daysUntil(at: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / DAY_MS));
}

/** The reset line: "Resets in N days", counting the days until nextAvailableAt. */
export function resetLabel(at: Date, now: Date = new Date()): string {
  const days = daysUntil(at, now);
  if (days === 0) return 'Resets today';
  return `Resets in ${days} day${days === 1 ? '' : 's'}`;
}
