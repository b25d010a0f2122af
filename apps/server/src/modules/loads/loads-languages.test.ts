import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Load, LoadReward } from '@rewards/shared/loads';
import { describeNotification } from '@rewards/shared/notifications';
import { describeMovement, type MovementLine } from '@rewards/shared/points';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';

/**
 * A load's reason in Spanish and English (docs/architecture.md A6.15): the wizard sends `reason` and
 * `reasonEn` (one at least), the load reads both back, and each receiver's ledger row is written with the key
 * `load` and the recognition's name and the reason in both languages, which their statement and their
 * notification word in their language. The store, its recognition and its people are this file's own.
 */
let t: TestApp;
let make: ReturnType<typeof factories>;
let shop: number;
let rewardId: number;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  shop = (await make.store()).id;
  rewardId = (
    await make.recognition({ storeId: shop, name: 'Colaboración', nameEn: 'Collaboration', descriptionEn: 'For working together.' })
  ).id;
  admin = (await make.admin({ stores: [shop] })).session;
});
afterAll(() => t.close());
afterEach(() => assertInvariants(t.db));

const post = (url: string, payload: object, session = admin) => t.app.inject({ method: 'POST', url, headers: as(session), payload });
const get = (url: string, session = admin) => t.app.inject({ method: 'GET', url, headers: as(session) });

describe('loads in both languages', () => {
  it('offers the recognitions in both languages', async () => {
    const offered = (await get(`/api/loads/rewards?storeId=${shop}`)).json<{ data: LoadReward[] }>().data;
    expect(offered).toEqual([
      expect.objectContaining({ id: rewardId, name: 'Colaboración', nameEn: 'Collaboration', descriptionEn: 'For working together.' }),
    ]);
  });

  it("credits with the reason in both languages: the load, the receiver's ledger row (key `load`), statement and notification", async () => {
    const receiver = await make.shopper({ storeId: shop });
    const res = await post('/api/loads', {
      storeId: shop,
      rewardId,
      emails: [receiver.email],
      reason: 'Proyecto de integración',
      reasonEn: 'Integration project',
    });
    expect(res.statusCode, res.body).toBe(201);
    const load = res.json<{ data: Load }>().data;
    expect(load).toMatchObject({
      reason: 'Proyecto de integración',
      reasonEn: 'Integration project',
      reward: { id: rewardId, name: 'Colaboración', nameEn: 'Collaboration' },
    });
    expect((await get(`/api/loads/${load.id}`)).json().data).toMatchObject({ reasonEn: 'Integration project' });

    const [line] = (await get('/api/accounts/myMovements', receiver.session)).json<{ data: MovementLine[] }>().data;
    expect(line).toMatchObject({
      kind: 'load',
      descriptionKey: 'load',
      descriptionValues: {
        reward: { es: 'Colaboración', en: 'Collaboration' },
        activity: null,
        reason: { es: 'Proyecto de integración', en: 'Integration project' },
      },
    });
    expect(describeMovement(line!, 'en')).toBe('Collaboration: Integration project');
    expect(describeMovement(line!, 'es')).toBe('Colaboración: Proyecto de integración');

    const [note] = await t.db
      .select({ itemType: s.notifications.itemType, description: s.notifications.description })
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, receiver.id), eq(s.notifications.itemType, 'points')));
    expect(describeNotification(note!, 'en').values).toEqual({ text: 'Collaboration: Integration project' });
    expect(describeNotification(note!, 'es').values).toEqual({ text: 'Colaboración: Proyecto de integración' });
  });

  it('takes a reason written only in English, each language falling back to it', async () => {
    const receiver = await make.shopper({ storeId: shop });
    const res = await post('/api/loads', { storeId: shop, rewardId, emails: [receiver.email], reasonEn: 'Office opening' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ reason: '', reasonEn: 'Office opening' });
    const [line] = (await get('/api/accounts/myMovements', receiver.session)).json<{ data: MovementLine[] }>().data;
    expect(describeMovement(line!, 'es')).toBe('Colaboración: Office opening');
    expect(line!.description).toBe('Colaboración: Office opening');
  });

  it('refuses a reason written in neither language: 400 on the field, nothing credited', async () => {
    const receiver = await make.shopper({ storeId: shop });
    const res = await post('/api/loads', { storeId: shop, rewardId, emails: [receiver.email], reason: '  ', reasonEn: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'body.reason', message: 'Required field' })],
    });
    expect(await t.db.select().from(s.pointTransactions).where(eq(s.pointTransactions.userId, receiver.id))).toEqual([]);
  });
});
