/** Max users is a number of at least 0, and what is not a number counts as 0 (unlimited). */
export function maxUsersFromText(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}
