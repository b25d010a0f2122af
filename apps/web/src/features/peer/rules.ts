import { giveCost as cost, MAX_RECIPIENTS, PEER_MESSAGE_MAX as MESSAGE_MAX } from '@rewards/shared/peer-rules';
import { localDay } from '@/lib/format';
import type { TFunction } from '@/lib/use-translation';
import type { Allowance, GiveBody, Person, Recognition } from './api/types';

export { MAX_RECIPIENTS, MESSAGE_MAX };

/** What the give form holds while it is filled in. */
export interface GiveDraft {
  recipients: Person[];
  /** As typed: a whole number of points per person, or '' while empty. */
  points: string;
  message: string;
  values: number[];
  private: boolean;
}

export const emptyDraft = (recipients: Person[] = []): GiveDraft => ({
  recipients,
  points: '',
  message: '',
  values: [],
  private: false,
});

/** What the form knows of the rules: the reader, and their allowance with their store's rules (none while it loads). */
export interface GiveContext {
  selfId: number;
  allowance: Pick<Allowance, 'remaining' | 'minMessage' | 'valuesRequired'> | undefined;
}

export type GiveField = 'recipients' | 'points' | 'message' | 'values';
/** A field's problem: a key of the `peer` texts (`give.errors.*`) and its values. */
export interface GiveProblem {
  key: string;
  values?: Record<string, number | string>;
}
export type GiveProblems = Partial<Record<GiveField, GiveProblem>>;

/** The points per person as typed, or null when it is not a whole number of at least 1. */
export function pointsOf(draft: Pick<GiveDraft, 'points'>): number | null {
  const text = draft.points.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** What the give takes from the allowance: the points per person times the people (0 while either is missing). */
export function giveCost(draft: Pick<GiveDraft, 'points' | 'recipients'>): number {
  return cost(pointsOf(draft) ?? 0, draft.recipients.length);
}

/** The message's length as the server counts it: trimmed, in characters (an emoji counts as one). */
export function messageLength(message: string): number {
  return Array.from(message.trim()).length;
}

/**
 * The form's rules, the same as the server's (which has the last word and refuses with a code): 1 to 20
 * colleagues, never oneself; whole points of at least 1 each, the whole give within what remains of the
 * allowance (boost included); a message of the store's shortest length to 2000 characters; at least one
 * value when the store has any.
 */
export function giveProblems(draft: GiveDraft, c: GiveContext): GiveProblems {
  const problems: GiveProblems = {};
  const count = draft.recipients.length;
  if (count === 0) problems.recipients = { key: 'recipientsRequired' };
  else if (count > MAX_RECIPIENTS) problems.recipients = { key: 'recipientsMax', values: { max: MAX_RECIPIENTS } };
  else if (draft.recipients.some((p) => p.id === c.selfId)) problems.recipients = { key: 'self' };

  const points = pointsOf(draft);
  if (points === null) problems.points = { key: 'pointsRequired' };
  else if (c.allowance && count > 0 && cost(points, count) > c.allowance.remaining)
    problems.points = { key: 'overAllowance', values: { cost: cost(points, count), remaining: c.allowance.remaining } };

  const length = messageLength(draft.message);
  const min = c.allowance?.minMessage ?? 1;
  if (length < min) problems.message = { key: 'messageShort', values: { min } };
  else if (length > MESSAGE_MAX) problems.message = { key: 'messageLong', values: { max: MESSAGE_MAX } };

  if (c.allowance?.valuesRequired && draft.values.length === 0) problems.values = { key: 'valueRequired' };
  return problems;
}

/** The body of `POST /api/recognitions` for a draft that has no problems. */
export function giveBody(draft: GiveDraft): GiveBody {
  return {
    recipients: draft.recipients.map((p) => p.id),
    points: pointsOf(draft) ?? 0,
    message: draft.message.trim(),
    values: draft.values,
    ...(draft.private ? { private: true } : {}),
  };
}

/** Adds a colleague (once, up to the maximum) or leaves the list as it is. */
export function addRecipient<P extends Person>(list: P[], person: P, selfId: number): P[] {
  if (person.id === selfId || list.some((p) => p.id === person.id) || list.length >= MAX_RECIPIENTS) return list;
  return [...list, person];
}

/**
 * One Idempotency-Key per give: the same body sent again (a retry after a lost answer, a second click) goes
 * with the same key, so the server records it once; a changed body is another give, with a new key.
 */
export function idempotencyKeeper(newKey: () => string = () => globalThis.crypto.randomUUID()) {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: newKey() };
      return last.key;
    },
    /** After a give that was recorded: the next one, even with the same body, is a new give. */
    done() {
      last = null;
    },
  };
}

/** What a celebration is, in the reader's language (docs/architecture.md A6.17): its kind, an anniversary's years. */
export function celebrationLabel(t: TFunction, item: Pick<Recognition, 'kind' | 'years'>): string {
  return t(`card.celebration.${item.kind}`, { years: item.years ?? 0 });
}

/** A celebration's kind as an emoji (shown beside its words, hidden from assistive technology). */
export const celebrationIcons = { birthday: '🎂', anniversary: '🏆', welcome: '👋', recognition: '🎉' } as const;

/**
 * A celebration's words with the person's name, in the reader's language: "Happy birthday, Ana", "Ana's
 * 5-year work anniversary", "Welcome, Ana" (`peer` namespace; docs/architecture.md A6.17).
 */
export function celebrationText(t: TFunction, item: Pick<Recognition, 'kind' | 'years' | 'recipients'>): string {
  const name = item.recipients.map((p) => p.name).join(', ');
  return t(`celebration.text.${item.kind}`, { name, count: item.years ?? 0, years: item.years ?? 0 });
}

/** Whether a feed item is a celebration (the company's, no giver) rather than a colleague's recognition. */
export const isCelebration = (item: Pick<Recognition, 'kind'>): boolean => item.kind !== 'recognition';

/** The feed's items posted on the reader's today (in `timeZone`): the "today's celebrations" strip keeps these. */
export function postedToday<T extends Pick<Recognition, 'createdAt'>>(items: readonly T[], now: Date, timeZone: string): T[] {
  const today = localDay(now, timeZone);
  return items.filter((r) => localDay(r.createdAt, timeZone) === today);
}
