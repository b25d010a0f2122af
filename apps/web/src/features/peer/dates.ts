/** The day after a calendar date (YYYY-MM-DD): an allowance resets when the day after its period's last day begins. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
