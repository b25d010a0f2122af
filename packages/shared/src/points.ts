import { z } from 'zod';
import { dateSchema, listEnvelope } from './common.ts';
import type { Language } from './enums.ts';

/** One line of a points statement (`GET /api/accounts/myMovements`). */
export const movementLineSchema = z.object({
  id: z.number().int(),
  value: z.number().int(),
  kind: z.string(),
  description: z.string(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
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

const system = {
  order: { es: 'Pedido #{id}', en: 'Order #{id}' },
  refund: { es: 'Reembolso del pedido #{id}', en: 'Refund of order #{id}' },
  expiry: { es: 'Vencimiento de puntos ({year})', en: 'Points expired ({year})' },
  challenge: { es: 'Reto: {title}', en: 'Challenge: {title}' },
} as const;

/**
 * The text of a movement in the reader's language: the lines the system writes (orders, refunds,
 * expiry) are described from their kind and reference; what an administrator typed stays as typed.
 */
export function describeMovement(
  m: Pick<MovementLine, 'kind' | 'description' | 'refType' | 'refId' | 'createdAt'>,
  lang: Language,
): string {
  if ((m.kind === 'order' || m.kind === 'refund') && m.refType === 'order' && m.refId !== null)
    return system[m.kind][lang].replace('{id}', String(m.refId));
  // A challenge's credit keeps the challenge's title as its description (docs/decisions/0008-challenges.md).
  if (m.kind === 'challenge' && m.refType === 'challenge') return system.challenge[lang].replace('{title}', () => m.description);
  if (m.kind === 'expiry') {
    const year = /\((\d{4})\)/.exec(m.description)?.[1] ?? m.createdAt.slice(0, 4);
    return system.expiry[lang].replace('{year}', year);
  }
  return m.description;
}
