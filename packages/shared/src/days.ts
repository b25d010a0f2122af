// No zod here: the account page reads this (docs/decisions/0028-light-first-paint.md).

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
