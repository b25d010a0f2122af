import { describe, expect, it } from 'vitest';
import type { PersonOption } from './api/types';
import {
  addRecipient,
  emptyDraft,
  giveBody,
  giveCost,
  giveProblems,
  idempotencyKeeper,
  messageLength,
  pointsOf,
  type GiveDraft,
} from './rules';

const person = (id: number): PersonOption => ({ id, name: `P${id}`, photoUrl: null, office: null, storeId: 1 });
const rules = { remaining: 100, minMessage: 20, valuesRequired: true };
const message = 'Gracias por sacar el proyecto adelante';
const draft = (over: Partial<GiveDraft> = {}): GiveDraft => ({
  ...emptyDraft([person(2), person(3)]),
  points: '30',
  message,
  values: [5],
  ...over,
});

describe('the give form', () => {
  it('costs the points per person times the people', () => {
    expect(giveCost(draft())).toBe(60);
    expect(giveCost(draft({ points: '' }))).toBe(0);
    expect(giveCost(draft({ recipients: [] }))).toBe(0);
    expect(giveCost(draft({ recipients: [person(2)], points: '7' }))).toBe(7);
  });

  it('reads whole points of at least 1 only', () => {
    expect(['1', ' 25 ', '0', '-3', '2.5', 'abc', '', '1e3'].map((points) => pointsOf({ points }))).toEqual([
      1,
      25,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('has no problem when every rule holds', () => {
    expect(giveProblems(draft(), { selfId: 1, allowance: rules })).toEqual({});
  });

  it('asks for 1 to 20 colleagues, never oneself', () => {
    expect(giveProblems(draft({ recipients: [] }), { selfId: 1, allowance: rules }).recipients).toEqual({ key: 'recipientsRequired' });
    const many = Array.from({ length: 21 }, (_, i) => person(i + 10));
    expect(giveProblems(draft({ recipients: many, points: '1' }), { selfId: 1, allowance: rules }).recipients).toEqual({
      key: 'recipientsMax',
      values: { max: 20 },
    });
    expect(giveProblems(draft({ recipients: [person(1)] }), { selfId: 1, allowance: rules }).recipients).toEqual({ key: 'self' });
  });

  it('keeps the whole give within what remains of the allowance, boost included', () => {
    expect(giveProblems(draft({ points: '51' }), { selfId: 1, allowance: rules }).points).toEqual({
      key: 'overAllowance',
      values: { cost: 102, remaining: 100 },
    });
    expect(giveProblems(draft({ points: '50' }), { selfId: 1, allowance: rules }).points).toBeUndefined();
    expect(giveProblems(draft({ points: '0' }), { selfId: 1, allowance: rules }).points).toEqual({ key: 'pointsRequired' });
    // While the allowance loads the server has the last word.
    expect(giveProblems(draft({ points: '500' }), { selfId: 1, allowance: undefined }).points).toBeUndefined();
  });

  it("asks for the store's shortest message, counted trimmed and by characters, and at most 2000", () => {
    expect(messageLength('  👏👏 hola  ')).toBe(7);
    expect(giveProblems(draft({ message: ' '.repeat(30) + 'corto' }), { selfId: 1, allowance: rules }).message).toEqual({
      key: 'messageShort',
      values: { min: 20 },
    });
    expect(giveProblems(draft({ message: 'x'.repeat(2001) }), { selfId: 1, allowance: rules }).message).toEqual({
      key: 'messageLong',
      values: { max: 2000 },
    });
    expect(giveProblems(draft({ message: 'ok' }), { selfId: 1, allowance: { ...rules, minMessage: 0 } }).message).toBeUndefined();
  });

  it('asks for a value only when the store has any', () => {
    expect(giveProblems(draft({ values: [] }), { selfId: 1, allowance: rules }).values).toEqual({ key: 'valueRequired' });
    expect(giveProblems(draft({ values: [] }), { selfId: 1, allowance: { ...rules, valuesRequired: false } }).values).toBeUndefined();
  });

  it('sends the ids, the points, the trimmed message, the values, and private only when chosen', () => {
    expect(giveBody(draft({ message: `  ${message}  ` }))).toEqual({ recipients: [2, 3], points: 30, message, values: [5] });
    expect(giveBody(draft({ private: true })).private).toBe(true);
  });

  it('adds a colleague once, never oneself, at most 20', () => {
    const list = [person(2)];
    expect(addRecipient(list, person(3), 1).map((p) => p.id)).toEqual([2, 3]);
    expect(addRecipient(list, person(2), 1)).toBe(list);
    expect(addRecipient(list, person(1), 1)).toBe(list);
    const full = Array.from({ length: 20 }, (_, i) => person(i + 10));
    expect(addRecipient(full, person(99), 1)).toBe(full);
  });

  it('keeps its Idempotency-Key across retries of the same give, and takes a new one for another give', () => {
    let n = 0;
    const keeper = idempotencyKeeper(() => `key-${++n}`);
    const body = giveBody(draft());
    expect(keeper.keyFor(body)).toBe('key-1');
    expect(keeper.keyFor({ ...body })).toBe('key-1');
    expect(keeper.keyFor({ ...body, points: 31 })).toBe('key-2');
    expect(keeper.keyFor({ ...body, points: 31 })).toBe('key-2');
    keeper.done();
    expect(keeper.keyFor({ ...body, points: 31 })).toBe('key-3');
  });
});
