import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Challenge, UserChallenge } from '@rewards/shared/challenges';
import { describeMovement, type MovementLine } from '@rewards/shared/points';
import { describeNotification } from '@rewards/shared/notifications';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

/**
 * Challenges in Spanish and English (docs/architecture.md A6.15): title, description, questions and options
 * written and read in both (by administrators and by shoppers), never neither; the opening notification and
 * the award (its ledger rows, key `challenge`, and its notification) carry the title in both languages. The
 * store and its people are this file's own.
 */
let t: TestApp;
let shop: number;
const who: Record<string, string> = {};
let winnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  shop = (await make.store()).id;
  who.admin = (await make.admin({ stores: [shop] })).session;
  const winner = await make.shopper({ storeId: shop });
  who.winner = winner.session;
  winnerId = winner.id;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, u: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(who[u]), ...(payload ? { payload } : {}) });
const HOUR = 3_600_000;
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const quiz = {
  title: 'Reto de hidratación',
  titleEn: 'Hydration challenge',
  description: 'Responde y gana puntos por cuidar tu hidratación.',
  descriptionEn: 'Answer and earn points for staying hydrated.',
  type: 'multiple_choice',
  winners: 1,
  pointsPerWinner: 80,
  questions: [
    {
      text: '¿Cuántos vasos de agua al día?',
      textEn: 'How many glasses of water a day?',
      options: [
        { text: 'Ocho', textEn: 'Eight', isCorrect: true },
        { textEn: 'One', isCorrect: false },
      ],
    },
  ],
};

describe('challenges in both languages', () => {
  it('writes and reads every text in both languages, and refuses one written in neither', async () => {
    const res = await send('POST', '/api/challenges', 'admin', { ...quiz, storeId: shop, startsAt: at(-HOUR), endsAt: at(48 * HOUR) });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json<{ data: Challenge }>().data;
    expect(c).toMatchObject({
      title: 'Reto de hidratación',
      titleEn: 'Hydration challenge',
      descriptionEn: 'Answer and earn points for staying hydrated.',
    });
    expect(c.questions).toEqual([
      {
        id: expect.any(Number),
        text: '¿Cuántos vasos de agua al día?',
        textEn: 'How many glasses of water a day?',
        options: [
          { id: expect.any(Number), text: 'Ocho', textEn: 'Eight', isCorrect: true },
          { id: expect.any(Number), text: '', textEn: 'One', isCorrect: false },
        ],
      },
    ]);
    const neither = await send('POST', '/api/challenges', 'admin', {
      ...quiz,
      title: '',
      titleEn: '',
      storeId: shop,
      startsAt: at(-HOUR),
      endsAt: at(48 * HOUR),
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details).toEqual([expect.objectContaining({ field: 'body.title', message: 'Required field' })]);
    const noQuestion = await send('POST', '/api/challenges', 'admin', {
      ...quiz,
      questions: [{ ...quiz.questions[0], text: ' ', textEn: '' }],
      storeId: shop,
      startsAt: at(-HOUR),
      endsAt: at(48 * HOUR),
    });
    expect(noQuestion.json().details).toEqual([expect.objectContaining({ field: 'body.questions.0.text', message: 'Required field' })]);
  });

  it('edits one language of the title and keeps the other', async () => {
    const c = (await send('POST', '/api/challenges', 'admin', { ...quiz, storeId: shop, startsAt: at(HOUR), endsAt: at(48 * HOUR) })).json()
      .data;
    const { title: _title, titleEn: _titleEn, ...rest } = quiz;
    const edited = await send('PUT', `/api/challenges/${c.id}`, 'admin', {
      ...rest,
      titleEn: 'Water challenge',
      startsAt: at(HOUR),
      endsAt: at(48 * HOUR),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Reto de hidratación', titleEn: 'Water challenge' });
  });

  it('shows shoppers both languages, tells them in theirs, and awards with the title in both in the ledger', async () => {
    await t.db.update(s.challenges).set({ isActive: false }).where(eq(s.challenges.storeId, shop));
    const c = (
      await send('POST', '/api/challenges', 'admin', { ...quiz, storeId: shop, startsAt: at(-HOUR), endsAt: at(48 * HOUR) })
    ).json<{
      data: Challenge;
    }>().data;
    expect((await send('PUT', `/api/challenges/activate/${c.id}`, 'admin')).statusCode).toBe(200);
    // The opening notification: the title in each reader's language.
    const [opened] = await t.db
      .select({ itemType: s.notifications.itemType, description: s.notifications.description })
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, winnerId), eq(s.notifications.itemType, 'challenge')));
    expect(describeNotification(opened!, 'en').values).toEqual({ text: 'Hydration challenge' });
    expect(describeNotification(opened!, 'es').values).toEqual({ text: 'Reto de hidratación' });

    const mine = (await send('GET', '/api/challenges/userChallenge', 'winner')).json<{ data: UserChallenge }>().data;
    expect(mine.challenge).toMatchObject({ titleEn: 'Hydration challenge', descriptionEn: 'Answer and earn points for staying hydrated.' });
    expect(mine.challenge.questions[0]).toMatchObject({ textEn: 'How many glasses of water a day?' });
    expect(mine.challenge.questions[0]!.options.map((o) => [o.text, o.textEn])).toEqual([
      ['Ocho', 'Eight'],
      ['', 'One'],
    ]);
    const right = c.questions[0]!.options.find((o) => o.isCorrect)!.id;
    const answered = await send('POST', '/api/challenges/answers', 'winner', {
      challengeId: c.id,
      values: [{ questionId: c.questions[0]!.id, optionId: right }],
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const awarded = await send('POST', '/api/loads/challenge', 'admin', { challengeId: c.id });
    expect(awarded.statusCode, awarded.body).toBe(201);

    // The ledger row says `challenge` with the title in both languages; the statement words it in each.
    const movements = (await send('GET', '/api/accounts/myMovements', 'winner')).json<{ data: MovementLine[] }>().data;
    const credit = movements.find((m) => m.kind === 'challenge')!;
    expect(credit).toMatchObject({
      descriptionKey: 'challenge',
      descriptionValues: { title: { es: 'Reto de hidratación', en: 'Hydration challenge' } },
    });
    expect(describeMovement(credit, 'en')).toBe('Challenge: Hydration challenge');
    expect(describeMovement(credit, 'es')).toBe('Reto: Reto de hidratación');
    // The load the award wrote keeps both titles as its reason.
    const load = (await send('GET', `/api/loads/${awarded.json().data.loadId}`, 'admin')).json().data;
    expect(load).toMatchObject({ reason: 'Reto de hidratación', reasonEn: 'Hydration challenge' });
    // The winner's notification, in each language.
    const notes = await t.db
      .select({ itemType: s.notifications.itemType, description: s.notifications.description, url: s.notifications.url })
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, winnerId), eq(s.notifications.url, '/account')));
    expect(notes.map((n) => describeNotification(n, 'en').values)).toContainEqual({ text: 'Hydration challenge (+80)' });
    expect(notes.map((n) => describeNotification(n, 'es').values)).toContainEqual({ text: 'Reto de hidratación (+80)' });
  });
});
