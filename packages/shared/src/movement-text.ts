// No zod here: the account page reads this (docs/decisions/0028-light-first-paint.md).
import type { Language } from './enums.ts';
import type { MovementLine } from './points.ts';

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
