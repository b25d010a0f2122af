import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PeerAddon, PeerComment, Recognition, RecognitionPage } from '@rewards/shared/peer-rules';
import * as s from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { insertCelebration } from '../../../test/celebration-rows.ts';

// The feed and what people do on it (docs/architecture.md A6.16): private recognitions reach only their
// giver, recipients and the administrators of their stores (in the query, so pages stay whole); the cursor
// walks every item once; filters; comments, add-ons and reactions; people search.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const MESSAGE = 'Gracias por tu ayuda con el cierre del trimestre';
const give = async (u: FactoryUser, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/recognitions', headers: u.headers, payload: { message: MESSAGE, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Recognition }>().data;
};
const get = (u: FactoryUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
const feed = async (u: FactoryUser, query = '') => {
  const res = await get(u, `/api/recognitions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RecognitionPage>();
};
/** Every page of a feed query, following the cursor. */
async function walk(u: FactoryUser, query: string, limit: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: RecognitionPage = await feed(u, `?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    ids.push(...page.data.map((r) => r.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

describe('visibility of private recognitions', () => {
  it('giver, recipients, administrators of their stores and super administrators see it; nobody else, anywhere', async () => {
    const storeA = await make.store();
    const storeB = await make.store();
    const giver = await make.shopper({ storeId: storeA.id });
    const recipient = await make.shopper({ storeId: storeB.id });
    const colleague = await make.shopper({ storeId: storeA.id });
    const adminA = await make.admin({ stores: [storeA.id] });
    const adminB = await make.admin({ stores: [storeB.id] });
    const adminOther = await make.admin({ stores: [1] });
    const superAdmin = await make.superAdmin();
    const secret = await give(giver, { recipients: [recipient.id], points: 5, private: true });
    const open = await give(giver, { recipients: [recipient.id], points: 5 });
    for (const [who, sees] of [
      [giver, true],
      [recipient, true],
      [adminA, true],
      [adminB, true],
      [superAdmin, true],
      [colleague, false],
      [adminOther, false],
    ] as const) {
      const ids = (await feed(who, `?limit=50&personId=${giver.id}`)).data.map((r) => r.id);
      expect(ids.includes(secret.id), `feed of ${who.id}`).toBe(sees);
      expect(ids).toContain(open.id);
      expect((await get(who, `/api/recognitions/${secret.id}`)).statusCode).toBe(sees ? 200 : 404);
      expect((await walk(who, '', 50)).includes(secret.id)).toBe(sees);
    }
    // Nor can someone who cannot see it comment, react or add to it.
    const h = colleague.headers;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/recognitions/${secret.id}/comments`, headers: h, payload: { message: 'Hola' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/recognitions/${secret.id}/reactions/clap`, headers: h })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/recognitions/${secret.id}/addons`, headers: h, payload: { points: 1 } })).statusCode,
    ).toBe(404);
  });

  it('fills a page with visible items even when most are private to others', async () => {
    const giver = await make.shopper();
    const recipient = await make.shopper();
    const outsider = await make.shopper();
    const visible: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await give(giver, { recipients: [recipient.id], points: 1, private: i % 4 !== 0 });
      if (i % 4 === 0) visible.push(r.id);
    }
    const page = await feed(outsider, `?limit=2&personId=${giver.id}`);
    expect(page.data.map((r) => r.id)).toEqual([visible[2], visible[1]]);
    expect(page.nextCursor).not.toBeNull();
    expect(await walk(outsider, `&personId=${giver.id}`, 2)).toEqual([...visible].reverse());
  });
});

describe('paging and filters', () => {
  it('walks newest first, each item once, with every limit', async () => {
    const giver = await make.shopper();
    const recipient = await make.shopper();
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push((await give(giver, { recipients: [recipient.id], points: 1 })).id);
    for (const limit of [1, 3, 7, 50]) expect(await walk(giver, `&personId=${giver.id}`, limit)).toEqual([...made].reverse());
    const all = await walk(giver, '', 3);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await get(giver, '/api/recognitions?limit=0')).statusCode).toBe(400);
    expect((await get(giver, '/api/recognitions?limit=51')).statusCode).toBe(400);
  });

  it('by person (given, received, both), by value, by store', async () => {
    const store = await make.store();
    const [value] = await t.db.insert(s.companyValues).values({ storeId: store.id, name: 'Servicio', nameEn: 'Service' }).returning();
    const ana = await make.shopper({ storeId: store.id });
    const luis = await make.shopper();
    const eva = await make.shopper();
    const fromAna = await give(ana, { recipients: [luis.id], points: 2, values: [value!.id] });
    const toAna = await give(luis, { recipients: [ana.id, eva.id], points: 2 });
    const other = await give(eva, { recipients: [luis.id], points: 2 });
    const ids = async (q: string) => (await feed(eva, `?limit=50${q}`)).data.map((r) => r.id);
    expect(await ids(`&personId=${ana.id}&direction=given`)).toEqual([fromAna.id]);
    expect(await ids(`&personId=${ana.id}&direction=received`)).toEqual([toAna.id]);
    expect(await ids(`&personId=${ana.id}`)).toEqual([toAna.id, fromAna.id]);
    expect(await ids(`&valueId=${value!.id}`)).toEqual([fromAna.id]);
    expect(await ids(`&storeId=${store.id}`)).toEqual([toAna.id, fromAna.id]);
    expect(await ids(`&personId=${luis.id}&valueId=${value!.id}`)).toEqual([fromAna.id]);
    expect(await ids(`&personId=${eva.id}&direction=given`)).toEqual([other.id]);
    const bad = await get(eva, '/api/recognitions?direction=sideways');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('comments, add-ons and reactions', () => {
  it('comments: anyone who sees it; the feed carries the latest 3 and the count, the page all of them', async () => {
    const giver = await make.shopper();
    const recipient = await make.shopper();
    const reader = await make.shopper({ name: 'Eva', lastName: 'Lectora' });
    const r = await give(giver, { recipients: [recipient.id], points: 3 });
    const texts = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'];
    for (const message of texts) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/recognitions/${r.id}/comments`,
        headers: reader.headers,
        payload: { message },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ data: PeerComment }>().data).toMatchObject({
        recognitionId: r.id,
        message,
        author: { id: reader.id, name: 'Eva Lectora' },
      });
    }
    const card = (await feed(giver, `?personId=${giver.id}`)).data.find((x) => x.id === r.id)!;
    expect(card.commentCount).toBe(5);
    expect(card.comments.map((c) => c.message)).toEqual(['Tres', 'Cuatro', 'Cinco']);
    const page = (await get(giver, `/api/recognitions/${r.id}`)).json<{ data: Recognition }>().data;
    expect(page.comments.map((c) => c.message)).toEqual(texts);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/recognitions/${r.id}/comments`,
      headers: reader.headers,
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/recognitions/2000000000/comments',
          headers: reader.headers,
          payload: { message: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("add-ons: every recipient gets the points from the caller's allowance; not by the giver or a recipient", async () => {
    const giver = await make.shopper();
    const [a, b] = [await make.shopper(), await make.shopper()];
    const friend = await make.shopper({ name: 'Leo', lastName: 'Amigo' });
    const r = await give(giver, { recipients: [a.id, b.id], points: 10 });
    const add = (u: FactoryUser, body: Record<string, unknown>, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/recognitions/${r.id}/addons`,
        headers: { ...u.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });
    const res = await add(friend, { points: 5, message: '¡Muy merecido!' }, 'addon-key-001');
    expect(res.statusCode).toBe(201);
    const addon = res.json<{ data: PeerAddon }>().data;
    expect(addon).toMatchObject({ recognitionId: r.id, points: 5, message: '¡Muy merecido!', giver: { id: friend.id, name: 'Leo Amigo' } });
    const again = await add(friend, { points: 5, message: '¡Muy merecido!' }, 'addon-key-001');
    expect([again.statusCode, again.json()]).toEqual([200, res.json()]);
    expect((await add(friend, { points: 6 }, 'addon-key-001')).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    for (const u of [a, b]) {
      const [row] = await t.db.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, u.id));
      expect(row!.points).toBe(15);
    }
    const ledger = await t.db.select().from(s.pointTransactions).where(eq(s.pointTransactions.userId, a.id));
    expect(ledger.at(-1)).toMatchObject({
      kind: 'recognition',
      value: 5,
      descriptionValues: { giver: 'Leo Amigo', recognitionId: r.id, addon: true },
    });
    const card = (await get(friend, `/api/recognitions/${r.id}`)).json<{ data: Recognition }>().data;
    expect(card).toMatchObject({ points: 10, totalPoints: 30 });
    expect(card.addons.map((x) => x.id)).toEqual([addon.id]);
    for (const own of [giver, a])
      expect((await add(own, { points: 1 })).json()).toMatchObject({ statusCode: 422, code: 'ADDON_OWN_RECOGNITION' });
    // The share cap counts add-ons: with 5 already added for `a`, 46 more on another recognition of `a` passes 50.
    const single = await give(giver, { recipients: [a.id], points: 1 });
    const capped = await t.app.inject({
      method: 'POST',
      url: `/api/recognitions/${single.id}/addons`,
      headers: friend.headers,
      payload: { points: 46 },
    });
    expect(capped.json()).toMatchObject({ code: 'GIVE_SHARE_CAP', details: { recipientId: a.id, max: 50 } });
    // The allowance counts every recipient: 2 x 51 is more than 100.
    const other = await make.shopper();
    expect((await add(other, { points: 51 })).json()).toMatchObject({ code: 'ALLOWANCE_EXCEEDED', details: { remaining: 100 } });
  });

  it('reactions: one of each kind per person, PUT twice is one, DELETE takes it back; counts and mine', async () => {
    const giver = await make.shopper();
    const recipient = await make.shopper();
    const [x, y] = [await make.shopper(), await make.shopper()];
    const r = await give(giver, { recipients: [recipient.id], points: 1 });
    const react = (u: FactoryUser, method: 'PUT' | 'DELETE', emoji: string) =>
      t.app.inject({ method, url: `/api/recognitions/${r.id}/reactions/${emoji}`, headers: u.headers });
    for (const [u, emoji] of [
      [x, 'clap'],
      [x, 'clap'],
      [y, 'clap'],
      [y, 'heart'],
    ] as const) {
      const res = await react(u, 'PUT', emoji);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const seen = async (u: FactoryUser) => (await get(u, `/api/recognitions/${r.id}`)).json<{ data: Recognition }>().data.reactions;
    expect(await seen(x)).toEqual([
      { emoji: 'clap', count: 2, mine: true },
      { emoji: 'heart', count: 1, mine: false },
    ]);
    expect((await react(y, 'DELETE', 'clap')).statusCode).toBe(204);
    expect((await react(y, 'DELETE', 'clap')).statusCode).toBe(204);
    expect(await seen(y)).toEqual([
      { emoji: 'clap', count: 1, mine: false },
      { emoji: 'heart', count: 1, mine: true },
    ]);
    const bad = await react(x, 'PUT', 'poop');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('celebrations in the feed (docs/architecture.md A6.17)', () => {
  const AT = '2026-03-02T15:00:00Z';

  it('are read like any item, with their kind and years and no giver; the database holds each kind to its shape', async () => {
    const store = await make.store();
    const person = await make.shopper({ storeId: store.id });
    const reader = await make.shopper();
    const id = (await insertCelebration(t.db, {
      userId: person.id,
      kind: 'anniversary',
      years: 5,
      points: 500,
      onDate: '2026-03-02',
      at: AT,
    }))!;
    const res = await get(reader, `/api/recognitions/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Recognition }>().data).toMatchObject({
      id,
      kind: 'anniversary',
      years: 5,
      giver: null,
      recipients: [expect.objectContaining({ id: person.id })],
      points: 500,
      totalPoints: 500,
      message: '',
      private: false,
    });
    const page = await feed(reader, `?limit=50&personId=${person.id}`);
    expect(page.data.map((r) => [r.id, r.kind, r.giver])).toEqual([[id, 'anniversary', null]]);
    const given = await give(reader, { recipients: [person.id], points: 5 });
    expect(given).toMatchObject({ kind: 'recognition', years: null, giver: expect.objectContaining({ id: reader.id }) });
    // A colleague's recognition has a giver and points; a celebration has no giver, is never private, may be 0 points.
    const insert = (giver: number | null, kind: string, points: number, isPrivate = false) =>
      t.db.execute(sql`insert into peer_recognitions (giver_id, store_id, points, message, private, period_start, kind)
        values (${giver}, ${store.id}, ${points}, '', ${isPrivate}, '2026-03-02', ${kind})`);
    for (const [giver, kind, points, isPrivate] of [
      [null, 'recognition', 5, false],
      [reader.id, 'birthday', 50, false],
      [null, 'birthday', 50, true],
      [null, 'birthday', -1, false],
      [reader.id, 'recognition', 0, false],
      [null, 'party', 5, false],
    ] as const)
      await expect(insert(giver, kind, points, isPrivate), `${kind} ${giver} ${points} ${isPrivate}`).rejects.toThrow();
    const welcome = await insertCelebration(t.db, { userId: reader.id, kind: 'welcome', points: 0, onDate: '2026-03-02', at: AT });
    expect((await get(person, `/api/recognitions/${welcome}`)).json<{ data: Recognition }>().data).toMatchObject({
      kind: 'welcome',
      years: null,
      giver: null,
      points: 0,
      totalPoints: 0,
    });
  });

  it("kind=celebration lists only celebrations, newest first, page by page; kind=recognition only colleagues' gives", async () => {
    const store = await make.store();
    const [a, b, c] = [
      await make.shopper({ storeId: store.id }),
      await make.shopper({ storeId: store.id }),
      await make.shopper({ storeId: store.id }),
    ];
    const reader = await make.shopper();
    const gift = await give(a, { recipients: [b.id], points: 3 });
    const celebrated: number[] = [];
    for (const [u, kind] of [
      [a, 'birthday'],
      [b, 'welcome'],
      [c, 'anniversary'],
      [a, 'anniversary'],
    ] as const)
      celebrated.push((await insertCelebration(t.db, { userId: u.id, kind, points: 10, onDate: '2026-03-02', at: AT }))!);
    const gift2 = await give(c, { recipients: [a.id], points: 4 });
    const newestFirst = [...celebrated].reverse();
    // Everywhere, and within the store (given from it or received in it), as the web's "today" strip reads it.
    const all = await feed(reader, '?kind=celebration&limit=50');
    expect(all.data.every((r) => r.kind !== 'recognition' && r.giver === null)).toBe(true);
    expect(all.data.slice(0, 4).map((r) => r.id)).toEqual(newestFirst);
    expect(await walk(reader, `&kind=celebration&storeId=${store.id}`, 3)).toEqual(newestFirst);
    expect(await walk(reader, `&kind=recognition&storeId=${store.id}`, 3)).toEqual([gift2.id, gift.id]);
    expect(await walk(reader, `&storeId=${store.id}`, 2)).toEqual([gift2.id, ...newestFirst, gift.id]);
    // A person's celebrations are received by them, never given.
    expect(await walk(reader, `&kind=celebration&personId=${a.id}`, 5)).toEqual([celebrated[3], celebrated[0]]);
    expect(await walk(reader, `&kind=celebration&personId=${a.id}&direction=given`, 5)).toEqual([]);
    expect(await walk(reader, `&kind=recognition&personId=${a.id}`, 5)).toEqual([gift2.id, gift.id]);
    const bad = await get(reader, '/api/recognitions?kind=birthday');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('colleagues comment and react as on any item; points are added by giving, never as an add-on (CELEBRATION_NO_ADDON)', async () => {
    const store = await make.store();
    const person = await make.shopper({ storeId: store.id, name: 'Ana', lastName: 'Festejada' });
    const colleague = await make.shopper({ storeId: store.id });
    const id = (await insertCelebration(t.db, { userId: person.id, kind: 'birthday', points: 50, onDate: '2026-03-02', at: AT }))!;
    const post = (u: FactoryUser, url: string, payload: object, lang = 'en') =>
      t.app.inject({ method: 'POST', url, headers: { ...u.headers, 'accept-language': lang }, payload });
    const comment = await post(colleague, `/api/recognitions/${id}/comments`, { message: '¡Feliz cumpleaños, Ana!' });
    expect(comment.statusCode, comment.body).toBe(201);
    const react = await t.app.inject({ method: 'PUT', url: `/api/recognitions/${id}/reactions/party`, headers: colleague.headers });
    expect(react.statusCode, react.body).toBe(204);
    const card = (await get(person, `/api/recognitions/${id}`)).json<{ data: Recognition }>().data;
    expect(card.comments.map((c) => [c.author.id, c.message])).toEqual([[colleague.id, '¡Feliz cumpleaños, Ana!']]);
    expect(card.reactions).toEqual([{ emoji: 'party', count: 1, mine: false }]);

    const allowance = async (u: FactoryUser) =>
      (await get(u, '/api/recognitions/allowance')).json<{ data: { remaining: number; given: number } }>().data;
    const before = await allowance(colleague);
    for (const [u, lang, message] of [
      [colleague, 'en', 'Points cannot be added to a celebration: recognize the person with points of your own instead'],
      [colleague, 'es', 'No se pueden añadir puntos a una celebración: reconoce a la persona con tus propios puntos'],
      // The person celebrated too: the celebration is the company's, not a give of theirs.
      [person, 'en', 'Points cannot be added to a celebration: recognize the person with points of your own instead'],
    ] as const) {
      const res = await post(u, `/api/recognitions/${id}/addons`, { points: 5 }, lang);
      expect([res.statusCode, res.json()]).toMatchObject([422, { code: 'CELEBRATION_NO_ADDON', message }]);
    }
    expect(await allowance(colleague)).toEqual(before);
    expect((await get(person, `/api/recognitions/${id}`)).json<{ data: Recognition }>().data).toMatchObject({
      addons: [],
      totalPoints: 50,
    });
    // An item nobody may see, or none at all, stays 404.
    expect((await post(colleague, '/api/recognitions/2000000000/addons', { points: 5 })).statusCode).toBe(404);
    // Giving the person points is a give as any other.
    const gift = await give(colleague, { recipients: [person.id], points: 5 });
    expect(gift).toMatchObject({ kind: 'recognition', giver: expect.objectContaining({ id: colleague.id }) });
  });

  it("never count as gives: the giver's allowance, its share cap and what they gave ignore the company's points", async () => {
    const store = await make.store();
    const person = await make.shopper({ storeId: store.id });
    const giver = await make.shopper({ storeId: store.id });
    await insertCelebration(t.db, { userId: person.id, kind: 'anniversary', years: 10, points: 1000, onDate: '2026-03-02', at: AT });
    await insertCelebration(t.db, { userId: giver.id, kind: 'birthday', points: 50, onDate: '2026-03-02', at: AT });
    const allowance = async () =>
      (await get(giver, '/api/recognitions/allowance')).json<{ data: { amount: number; remaining: number; given: number } }>().data;
    expect(await allowance()).toMatchObject({ amount: 100, remaining: 100, given: 0 });
    // The share cap (50 of a grant of 100) is the giver's own gives to the person: the 1,000 of the company are not among them.
    await give(giver, { recipients: [person.id], points: 50 });
    expect(await allowance()).toMatchObject({ remaining: 50, given: 50 });
    const capped = await t.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: giver.headers,
      payload: { recipients: [person.id], points: 1, message: MESSAGE },
    });
    expect(capped.json()).toMatchObject({ code: 'GIVE_SHARE_CAP', details: { recipientId: person.id, max: 50 } });
    const [row] = await t.db.select({ points: s.users.points }).from(s.users).where(eq(s.users.id, person.id));
    expect(row!.points).toBe(1050);
  });
});

describe('people search', () => {
  it('finds active people of any store by name or e-mail, accents and case aside; never the caller, store accounts or inactive people', async () => {
    const store = await make.store();
    const me = await make.shopper({ name: 'Zoë', lastName: 'Búsqueda' });
    const found = await make.shopper({ name: 'Zoë', lastName: 'Núñez', storeId: store.id });
    await make.shopper({ name: 'Zoë', lastName: 'Inactiva', active: false });
    await make.storeAccount({ name: 'Zoë Tienda' });
    const byName = await get(me, '/api/people?q=zoe');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toEqual([{ id: found.id, name: 'Zoë Núñez', photoUrl: null, office: store.title, storeId: store.id }]);
    expect(
      (await get(me, `/api/people?q=${encodeURIComponent(found.email.toUpperCase())}`)).json().data.map((p: { id: number }) => p.id),
    ).toEqual([found.id]);
    expect((await get(me, '/api/people?q=nunez')).json().data.map((p: { id: number }) => p.id)).toEqual([found.id]);
    expect((await get(me, '/api/people?q=%25')).json().data).toEqual([]);
    const some = (await get(me, '/api/people?limit=3')).json().data;
    expect(some).toHaveLength(3);
    expect((await get(me, '/api/people?limit=21')).statusCode).toBe(400);
    // One by id (the give dialog opened for a person): never the caller nor an inactive person.
    expect((await get(me, `/api/people?id=${found.id}&limit=1`)).json().data.map((p: { id: number }) => p.id)).toEqual([found.id]);
    expect((await get(me, `/api/people?id=${me.id}`)).json().data).toEqual([]);
    expect((await get(me, '/api/people?id=abc')).statusCode).toBe(400);
  });
});
