/** '1 subscriber', '3 subscribers': a count with its noun, for the admin cards. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
