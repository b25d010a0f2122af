import { z } from 'zod';

/** A window of local dates; `closesAt` is the instant it ends (the start of the day after `to` in the program's zone). */
const window = z.object({ from: z.iso.date(), to: z.iso.date(), open: z.boolean(), closesAt: z.iso.datetime() });

/** `GET /api/program`: the program year that contains today, as local dates of the program's time zone. */
export const programCalendarSchema = z.object({
  timeZone: z.string(),
  today: z.iso.date(),
  year: z.object({ from: z.iso.date(), to: z.iso.date() }),
  /** Points are credited in this window (loads outside it get ACCRUAL_CLOSED). */
  accrual: window,
  /** Orders are accepted in this window (REDEMPTION_CLOSED outside it). */
  redemption: window,
  /** Every balance goes to 0 on this day. */
  expiresOn: z.iso.date(),
  expired: z.boolean(),
});
export type ProgramCalendar = z.infer<typeof programCalendarSchema>;

// Defined without zod, so the account page reads it without the schemas; re-exported for the server.
export { addDays } from './days.ts';
