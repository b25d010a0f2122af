import { z } from 'zod';
import { dateSchema, listEnvelope } from './common.ts';

/** One line of a points statement (`GET /api/accounts/myMovements`). */
export const movementLineSchema = z.object({
  id: z.number().int(),
  value: z.number().int(),
  kind: z.string(),
  description: z.string(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  /**
   * What the line says, as a key and its values (docs/architecture.md A6.15), worded in the reader's language
   * by `describeMovement`; null on lines written before the ledger kept them (`description` then).
   */
  descriptionKey: z.string().nullable(),
  descriptionValues: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type MovementLine = z.infer<typeof movementLineSchema>;

/** A page of movements, newest first. */
export const movementListSchema = listEnvelope(movementLineSchema);
export type MovementList = z.infer<typeof movementListSchema>;

/** A period of whole days (YYYY-MM-DD) for the movements and the statement; either end may be open. */
export const movementPeriodSchema = z.object({ from: dateSchema.optional(), to: dateSchema.optional() });
export type MovementPeriod = z.infer<typeof movementPeriodSchema>;

/** `GET /api/accounts/statistics`: the balance and this program year's figures. */
export const accountStatisticsSchema = z.object({
  user: z.object({ id: z.number() }),
  balance: z.number(),
  earned: z.number(),
  spent: z.number(),
  expired: z.number(),
  /** First day of the program year the figures cover. */
  since: z.string(),
});
export type AccountStatistics = z.infer<typeof accountStatisticsSchema>;

// Defined without zod, so the account page reads it without the schemas; re-exported for the server.
export { describeMovement, movementKeys, type MovementKey, type MovementText } from './movement-text.ts';
