// No zod here: the account page reads this (docs/decisions/0028-light-first-paint.md).
import type { CelebrationKind } from './celebration-rules.ts';
import type { Language } from './enums.ts';
import { localize, type Bilingual } from './localized.ts';
import type { MovementLine } from './points.ts';

/**
 * What a ledger row says, as a key and its values (docs/architecture.md A6.15, docs/decisions/0042-content-in-both-languages.md):
 * the one writer (`rs_post_points`) stores them beside the row, and each reader words them in their own
 * language. Texts an administrator wrote for shoppers travel in both languages (`Bilingual`); what an
 * administrator typed for one person (an adjustment's reason) travels as typed.
 */
export type MovementText =
  /** A bulk load: the recognition (null for none), the activity's title as typed (once-per-activity recognitions), the reason. */
  | { descriptionKey: 'load'; descriptionValues: { reward: Bilingual | null; activity?: string | null; reason: Bilingual } }
  /** A challenge's award. */
  | { descriptionKey: 'challenge'; descriptionValues: { title: Bilingual } }
  /** An order's debit and a cancellation's refund; `edited`: the difference of an administrator's edit. */
  | { descriptionKey: 'order' | 'refund'; descriptionValues: { id: number; edited?: boolean } }
  /** The yearly expiry, by the program year that ended. */
  | { descriptionKey: 'expiry'; descriptionValues: { year: number } }
  /** An administrator's change to one balance, with the reason as typed. */
  | { descriptionKey: 'adjustment'; descriptionValues: { reason: string } }
  /** The opening balance of the demo data. */
  | { descriptionKey: 'initial'; descriptionValues: Record<string, never> }
  /**
   * Points a colleague gave (docs/architecture.md A6.16): the giver's name as it was then, the recognition,
   * and `addon` when they were added to someone else's recognition.
   */
  | { descriptionKey: 'peerRecognition'; descriptionValues: { giver: string; recognitionId: number; addon?: boolean } }
  /**
   * The company's points on a person's birthday, work anniversary (with its years of service) or first day
   * (docs/architecture.md A6.17).
   */
  | { descriptionKey: 'celebration'; descriptionValues: { kind: CelebrationKind; years: number | null } }
  /** A company-funded award from a budget (docs/architecture.md A6.19): the giver's name as it was then and the award. */
  | { descriptionKey: 'award'; descriptionValues: { giver: string; awardId: number } };
export type MovementKey = MovementText['descriptionKey'];
export const movementKeys = [
  'load',
  'challenge',
  'order',
  'refund',
  'expiry',
  'adjustment',
  'initial',
  'peerRecognition',
  'celebration',
  'award',
] as const satisfies readonly MovementKey[];

const system = {
  order: { es: 'Pedido #{id}', en: 'Order #{id}' },
  refund: { es: 'Reembolso del pedido #{id}', en: 'Refund of order #{id}' },
  edited: { es: ' (modificado)', en: ' (edited)' },
  expiry: { es: 'Vencimiento de puntos ({year})', en: 'Points expired ({year})' },
  challenge: { es: 'Reto: {title}', en: 'Challenge: {title}' },
  initial: { es: 'Carga inicial de puntos', en: 'Opening balance' },
  peerRecognition: { es: 'Reconocimiento de {giver}', en: 'Recognition from {giver}' },
  peerAddon: { es: 'Puntos añadidos por {giver} a un reconocimiento', en: 'Points added to a recognition by {giver}' },
  birthday: { es: 'Cumpleaños', en: 'Birthday' },
  anniversary: { es: 'Aniversario laboral: {years} años', en: 'Work anniversary: {years} years' },
  anniversaryOne: { es: 'Aniversario laboral: 1 año', en: 'Work anniversary: 1 year' },
  welcome: { es: 'Bienvenida', en: 'Welcome' },
  award: { es: 'Premio de {giver}', en: 'Award from {giver}' },
} as const;

/** A stored value read back: a bilingual text in the reader's language, a plain text as it is. */
function textOf(value: unknown, lang: Language): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const { es, en } = value as Partial<Bilingual>;
    if (typeof es === 'string' || typeof en === 'string') return localize({ es: es ?? '', en: en ?? '' }, lang).text;
  }
  return '';
}

/** A keyed line in `lang`; undefined for a key this version does not know (the stored description is shown then). */
function describeKeyed(key: string, values: Record<string, unknown>, lang: Language): string | undefined {
  switch (key) {
    case 'order':
    case 'refund':
      return system[key][lang].replace('{id}', String(values.id)) + (values.edited ? system.edited[lang] : '');
    case 'expiry':
      return system.expiry[lang].replace('{year}', String(values.year));
    case 'challenge':
      return system.challenge[lang].replace('{title}', () => textOf(values.title, lang));
    case 'load': {
      const reward = textOf(values.reward, lang);
      const activity = typeof values.activity === 'string' && values.activity !== '' ? ` (${values.activity})` : '';
      const reason = textOf(values.reason, lang);
      return reward ? `${reward}${activity}: ${reason}` : reason;
    }
    case 'adjustment':
      return textOf(values.reason, lang);
    case 'initial':
      return system.initial[lang];
    case 'peerRecognition':
      return system[values.addon ? 'peerAddon' : 'peerRecognition'][lang].replace('{giver}', () => textOf(values.giver, lang));
    case 'celebration':
      if (values.kind === 'birthday' || values.kind === 'welcome') return system[values.kind][lang];
      if (values.kind === 'anniversary')
        return values.years === 1 ? system.anniversaryOne[lang] : system.anniversary[lang].replace('{years}', String(values.years));
      return undefined;
    case 'award':
      return system.award[lang].replace('{giver}', () => textOf(values.giver, lang));
    default:
      return undefined;
  }
}

/**
 * The text of a movement in the reader's language. A line with a key (docs/architecture.md A6.15) is worded
 * from it: system texts in `lang`, an administrator's bilingual texts in `lang` (the other language when
 * `lang` was not written), what was typed for one person as typed. Lines written before the ledger kept
 * keys: the lines the system wrote (orders, refunds, expiry) are described from their kind and
 * reference; what an administrator typed stays as typed.
 */
export function describeMovement(
  m: Pick<MovementLine, 'kind' | 'description' | 'refType' | 'refId' | 'createdAt'> &
    Partial<Pick<MovementLine, 'descriptionKey' | 'descriptionValues'>>,
  lang: Language,
): string {
  if (m.descriptionKey) {
    const keyed = describeKeyed(m.descriptionKey, m.descriptionValues ?? {}, lang);
    if (keyed !== undefined) return keyed;
  }
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
