/**
 * Program calendar (ARCHITECTURE.md section 6, in PROGRAM_TIMEZONE): points are credited 1 Nov to
 * 30 Sep; orders are accepted until the end of 15 Oct; 16 Oct expires every balance.
 */
function monthDay(now: Date, timeZone: string): { month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, month: 'numeric', day: 'numeric' }).formatToParts(now);
  return { month: Number(parts.find((p) => p.type === 'month')!.value), day: Number(parts.find((p) => p.type === 'day')!.value) };
}

/** Orders are refused from 16 Oct to 31 Oct (after expiry, before the new program year). */
export function isRedemptionOpen(now: Date, timeZone: string): boolean {
  const { month, day } = monthDay(now, timeZone);
  return !(month === 10 && day >= 16);
}

/** Points are credited from 1 Nov to 30 Sep. */
export function isAccrualOpen(now: Date, timeZone: string): boolean {
  return monthDay(now, timeZone).month !== 10;
}
