import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describeNotification } from '@rewards/shared/notification-text';
import { describeMovement } from '@rewards/shared/movement-text';
import * as s from '../../db/schema/index.ts';
import { defaultCalendar, localDate, type CalendarRules } from '../../lib/calendar.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { renderNotificationMail } from '../mail/mail-templates.ts';
import { runCelebrations, type CelebrationRun } from './job.service.ts';

// The celebrations job (docs/architecture.md A6.17, decision 0049) on a fake clock: every run names its
// instant. PGlite and PostgreSQL both carry the time-zone data, clock changes included.

let t: TestApp;
let make: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t?.close());

const calendar: CalendarRules = defaultCalendar;
/** A program whose accrual is open all year but the last day (the default closes it from 1 October). */
const openAllYear: CalendarRules = { timeZone: 'UTC', accrualStart: '01-01', accrualEnd: '12-30', redemptionEnd: '12-30' };
const MINUTE = 60_000;
const run = (now: string | Date, users?: readonly number[], rules = calendar) =>
  runCelebrations(t.db, { now: new Date(now), calendar: rules, users });

/** A store in a zone, with its celebration settings when given. */
async function storeIn(timeZone: string, settings: Partial<typeof s.celebrationSettings.$inferInsert> = {}) {
  const store = await make.store();
  await t.db.update(s.stores).set({ timeZone }).where(eq(s.stores.id, store.id));
  if (Object.keys(settings).length) await t.db.insert(s.celebrationSettings).values({ storeId: store.id, ...settings });
  return store;
}

/** A person with their dates; `zone` is their saved position's zone (else their store's counts). */
async function person(p: {
  storeId?: number;
  zone?: string;
  birthday?: string | null;
  hireDate?: string | null;
  managerId?: number;
  language?: 'es' | 'en';
  points?: number;
  name?: string;
}) {
  const profile =
    p.zone || p.language
      ? {
          language: p.language ?? null,
          ...(p.zone ? { latitude: 0, longitude: 0, timeZone: p.zone, locatedAt: new Date('2026-01-01T00:00:00Z') } : {}),
        }
      : undefined;
  const u = await make.shopper({ storeId: p.storeId, profile, points: p.points, name: p.name });
  await t.db
    .update(s.users)
    .set({ birthday: p.birthday ?? null, hireDate: p.hireDate ?? null, managerId: p.managerId ?? null })
    .where(eq(s.users.id, u.id));
  return u;
}

const celebrationsOf = (userId: number) =>
  t.db.select().from(s.celebrations).where(eq(s.celebrations.userId, userId)).orderBy(asc(s.celebrations.id));
const ledgerOf = (userId: number) =>
  t.db
    .select()
    .from(s.pointTransactions)
    .where(and(eq(s.pointTransactions.userId, userId), eq(s.pointTransactions.kind, 'celebration')));
const notificationsOf = (userId: number, itemType: 'celebration' | 'points' = 'celebration') =>
  t.db
    .select()
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.itemType, itemType)))
    .orderBy(asc(s.notifications.id));
const feedItemsOf = (userId: number) =>
  t.db
    .select({
      id: s.peerRecognitions.id,
      kind: s.peerRecognitions.kind,
      points: s.peerRecognitions.points,
      giverId: s.peerRecognitions.giverId,
    })
    .from(s.peerRecognitions)
    .innerJoin(s.peerRecognitionRecipients, eq(s.peerRecognitionRecipients.recognitionId, s.peerRecognitions.id))
    .where(eq(s.peerRecognitionRecipients.userId, userId));

/** The local wall clock of an instant in a zone: 'YYYY-MM-DD HH:MM'. */
function wallClock(instant: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const parts = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Runs the job every 5 minutes from `from` to `to` (UTC instants) for `users`; what every run did, added up. */
async function sweep(from: string, to: string, users: number[], p: { every?: number; rules?: CalendarRules } = {}) {
  const total: CelebrationRun = { celebrations: 0, credited: 0, headsUps: 0, reminders: 0, feed: [] };
  for (let at = Date.parse(from); at <= Date.parse(to); at += p.every ?? 5 * MINUTE) {
    const r = await run(new Date(at), users, p.rules);
    total.celebrations += r.celebrations;
    total.credited += r.credited;
    total.headsUps += r.headsUps;
    total.reminders += r.reminders;
    total.feed.push(...r.feed);
  }
  return total;
}

describe('on the day, at the local hour, in each zone', () => {
  // Mexico City has had no clock changes since 2022; Tokyo none; Madrid changes on 2026-03-29 and 2026-10-25.
  const zones = ['America/Mexico_City', 'Europe/Madrid', 'Asia/Tokyo'] as const;
  for (const day of ['2026-03-29', '2026-10-25', '2026-06-15']) {
    it(`posts each birthday of ${day} once between 08:00 and 08:15 local, none the day before or after`, async () => {
      const people = await Promise.all(zones.map((zone) => person({ zone, birthday: day.slice(5) })));
      const ids = people.map((u) => u.id);
      // From before 08:00 of the day before in Tokyo (UTC+9) to past 08:00 of the day after in Mexico City (UTC-6).
      const from = new Date(Date.parse(`${day}T12:00:00Z`) - 2 * 86_400_000).toISOString();
      const to = new Date(Date.parse(`${day}T18:00:00Z`) + 2 * 86_400_000).toISOString();
      const total = await sweep(from, to, ids, { rules: openAllYear });
      expect(total.celebrations).toBe(3);
      expect(total.feed).toHaveLength(3);
      for (const [i, zone] of zones.entries()) {
        const rows = await celebrationsOf(ids[i]!);
        expect(rows, zone).toHaveLength(1);
        const [c] = rows;
        expect(c).toMatchObject({
          kind: 'birthday',
          year: Number(day.slice(0, 4)),
          onDate: day,
          choice: 'public',
          points: 50,
          timeZone: zone,
        });
        const local = wallClock(c!.createdAt, zone);
        expect(local.slice(0, 10), zone).toBe(day);
        expect(local.slice(11) >= '08:00' && local.slice(11) < '08:15', `${zone} ${local}`).toBe(true);
        expect(await feedItemsOf(ids[i]!)).toEqual([{ id: c!.recognitionId, kind: 'birthday', points: 50, giverId: null }]);
        expect((await ledgerOf(ids[i]!)).map((l) => l.value)).toEqual([50]);
        expect(await notificationsOf(ids[i]!)).toHaveLength(1);
      }
    }, 240_000);
  }
});

describe('29 February', () => {
  it('is the 28th of February in a common year, or the 1st of March where the store says so; itself in a leap year', async () => {
    const feb28 = await storeIn('Europe/Madrid');
    const mar1 = await storeIn('Europe/Madrid', { feb29: 'mar1' });
    const a = await person({ storeId: feb28.id, birthday: '02-29' });
    const b = await person({ storeId: mar1.id, birthday: '02-29' });
    const total = await sweep('2027-02-26T00:00:00Z', '2027-03-02T23:00:00Z', [a.id, b.id], { every: 60 * MINUTE });
    expect(total.celebrations).toBe(2);
    expect((await celebrationsOf(a.id)).map((c) => [c.onDate, wallClock(c.createdAt, 'Europe/Madrid')])).toEqual([
      ['2027-02-28', '2027-02-28 08:00'],
    ]);
    expect((await celebrationsOf(b.id)).map((c) => [c.onDate, wallClock(c.createdAt, 'Europe/Madrid')])).toEqual([
      ['2027-03-01', '2027-03-01 08:00'],
    ]);
    // 2028 is a leap year: both on the day itself.
    expect((await run('2028-02-28T10:00:00Z', [a.id, b.id])).celebrations).toBe(0);
    expect((await run('2028-02-29T10:00:00Z', [a.id, b.id])).celebrations).toBe(2);
    expect((await run('2028-03-01T10:00:00Z', [a.id, b.id])).celebrations).toBe(0);
  }, 60_000);
});

describe('what is celebrated, and with what', () => {
  it('credits the store points per kind and milestone as `celebration` ledger rows, never from an allowance', async () => {
    const zone = 'America/Mexico_City';
    const five = await person({ zone, hireDate: '2021-03-10' });
    const ten = await person({ zone, hireDate: '2016-03-10' });
    const three = await person({ zone, hireDate: '2023-03-10' });
    const first = await person({ zone, hireDate: '2026-03-10' });
    const birthday = await person({ zone, birthday: '03-10', hireDate: '2026-03-10' });
    const ids = [five.id, ten.id, three.id, first.id, birthday.id];
    // 09:00 in Mexico City on 10 March 2026.
    const r = await run('2026-03-10T15:00:00Z', ids);
    expect(r).toMatchObject({ celebrations: 6, credited: 500 + 1000 + 100 + 100 + 50 + 100 });
    const ledger = async (userId: number) =>
      (await ledgerOf(userId)).map((l) => [
        l.value,
        l.descriptionKey,
        l.descriptionValues,
        describeMovement({ ...l, createdAt: '' }, 'en'),
      ]);
    expect(await ledger(five.id)).toEqual([[500, 'celebration', { kind: 'anniversary', years: 5 }, 'Work anniversary: 5 years']]);
    expect(await ledger(ten.id)).toEqual([[1000, 'celebration', { kind: 'anniversary', years: 10 }, 'Work anniversary: 10 years']]);
    expect(await ledger(three.id)).toEqual([[100, 'celebration', { kind: 'anniversary', years: 3 }, 'Work anniversary: 3 years']]);
    expect(await ledger(first.id)).toEqual([[100, 'celebration', { kind: 'welcome', years: null }, 'Welcome']]);
    expect((await ledger(birthday.id)).sort()).toEqual(
      [
        [50, 'celebration', { kind: 'birthday', years: null }, 'Birthday'],
        [100, 'celebration', { kind: 'welcome', years: null }, 'Welcome'],
      ].sort(),
    );
    expect(await feedItemsOf(five.id)).toEqual([expect.objectContaining({ kind: 'anniversary', points: 500, giverId: null })]);
    const [item] = await t.db
      .select()
      .from(s.peerRecognitions)
      .where(eq(s.peerRecognitions.id, (await feedItemsOf(five.id))[0]!.id));
    expect(item).toMatchObject({ celebrationYears: 5, message: '', private: false, periodStart: '2026-03-10' });
    // Nobody's giving allowance moved.
    expect(await t.db.select().from(s.allowanceMovements).where(inArray(s.allowanceMovements.userId, ids))).toEqual([]);
    // The notification words itself in the reader's language, and has its copy in the outbox.
    const [note] = await notificationsOf(five.id);
    expect(note).toMatchObject({ description: 'Celebration: anniversary 5|500', url: `/recognition/${item!.id}` });
    expect(describeNotification(note!, 'en')).toEqual({ key: 'celebrationAnniversary', values: { years: 5, count: 5, points: 500 } });
    expect(await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.notificationId, note!.id))).toHaveLength(1);
    // The next day, nothing more.
    expect((await run('2026-03-11T15:00:00Z', ids)).celebrations).toBe(0);
  });

  it('follows each choice: public in the feed, private as notification and points only, none not at all', async () => {
    const zone = 'Asia/Tokyo';
    const privateStore = await storeIn(zone, { defaultBirthday: 'private', birthdayPoints: 70 });
    const noneStore = await storeIn(zone, { defaultBirthday: 'none' });
    const optedOut = await person({ zone, birthday: '04-20' });
    await t.db.insert(s.celebrationChoices).values({ userId: optedOut.id, kind: 'birthday', choice: 'none' });
    const quiet = await person({ zone, birthday: '04-20' });
    await t.db.insert(s.celebrationChoices).values({ userId: quiet.id, kind: 'birthday', choice: 'private' });
    const byStore = await person({ storeId: privateStore.id, birthday: '04-20' });
    const storeNone = await person({ storeId: noneStore.id, birthday: '04-20' });
    const wantsIt = await person({ storeId: noneStore.id, birthday: '04-20' });
    await t.db.insert(s.celebrationChoices).values({ userId: wantsIt.id, kind: 'birthday', choice: 'public' });
    const ids = [optedOut.id, quiet.id, byStore.id, storeNone.id, wantsIt.id];
    // 09:00 in Tokyo on 20 April 2026.
    const r = await run('2026-04-20T00:00:00Z', ids);
    expect(r).toMatchObject({ celebrations: 3, credited: 50 + 70 + 50 });
    expect(r.feed).toHaveLength(1);
    for (const id of [optedOut.id, storeNone.id]) {
      expect(await celebrationsOf(id)).toEqual([]);
      expect(await ledgerOf(id)).toEqual([]);
      expect(await notificationsOf(id)).toEqual([]);
      expect(await feedItemsOf(id)).toEqual([]);
    }
    for (const [id, points] of [
      [quiet.id, 50],
      [byStore.id, 70],
    ] as const) {
      expect(await celebrationsOf(id)).toEqual([expect.objectContaining({ choice: 'private', points, recognitionId: null })]);
      expect((await ledgerOf(id)).map((l) => l.value)).toEqual([points]);
      expect(await notificationsOf(id)).toEqual([
        expect.objectContaining({ description: `Celebration: birthday|${points}`, url: '/account' }),
      ]);
      expect(await feedItemsOf(id)).toEqual([]);
    }
    expect(await feedItemsOf(wantsIt.id)).toEqual([expect.objectContaining({ id: r.feed[0], kind: 'birthday' })]);
  });

  it('while the accrual is closed: the celebration with 0 points and no ledger row', async () => {
    const u = await person({ zone: 'America/Mexico_City', birthday: '10-05' });
    const r = await run('2026-10-05T15:00:00Z', [u.id]);
    expect(r).toMatchObject({ celebrations: 1, credited: 0 });
    expect(await celebrationsOf(u.id)).toEqual([expect.objectContaining({ points: 0, transactionId: null, choice: 'public' })]);
    expect(await ledgerOf(u.id)).toEqual([]);
    expect(await feedItemsOf(u.id)).toEqual([expect.objectContaining({ points: 0 })]);
    const [note] = await notificationsOf(u.id);
    expect(describeNotification(note!, 'es')).toEqual({ key: 'celebrationBirthdayGreeting', values: {} });
  });
});

describe('exactly once', () => {
  it('a second run, and three at once, post nothing more', async () => {
    const people = await Promise.all(
      ['Europe/Madrid', 'Asia/Tokyo', 'America/Mexico_City'].map((zone) => person({ zone, birthday: '05-05' })),
    );
    const ids = people.map((u) => u.id);
    // 20:00 UTC on 5 May: past 08:00 in Madrid and Mexico City; in Tokyo already 6 May (nothing for it).
    const at = '2026-05-05T20:00:00Z';
    const runs = await Promise.all([run(at, ids), run(at, ids), run(at, ids)]);
    expect(runs.map((r) => r.celebrations).reduce((a, b) => a + b)).toBe(2);
    expect(await run(at, ids)).toEqual({ celebrations: 0, credited: 0, headsUps: 0, reminders: 0, feed: [] });
    for (const u of people) expect((await celebrationsOf(u.id)).length).toBeLessThanOrEqual(1);
    expect(await celebrationsOf(people[1]!.id)).toEqual([]);
  });

  it('a server down from 07:55 to 09:30 posts at 09:30 the same day; one down the whole day never posts it the next', async () => {
    const zone = 'Europe/Madrid';
    const back = await person({ zone, birthday: '05-12' });
    const missed = await person({ zone, birthday: '05-11' });
    // Madrid is UTC+2 in May: 07:55 local is 05:55 UTC.
    expect((await run('2026-05-12T05:55:00Z', [back.id])).celebrations).toBe(0);
    expect((await run('2026-05-12T07:30:00Z', [back.id])).celebrations).toBe(1);
    expect(wallClock((await celebrationsOf(back.id))[0]!.createdAt, zone)).toBe('2026-05-12 09:30');
    expect((await sweep('2026-05-12T08:00:00Z', '2026-05-13T12:00:00Z', [back.id, missed.id], { every: 30 * MINUTE })).celebrations).toBe(
      0,
    );
    expect(await celebrationsOf(missed.id)).toEqual([]);
  });
});

describe("managers' heads-up", () => {
  it('tells the manager once, N days before in their own zone and language, with a link to give points', async () => {
    const manager = await person({ zone: 'Asia/Tokyo', language: 'en' });
    const store = await storeIn('America/Mexico_City');
    const u = await person({ storeId: store.id, birthday: '07-20', managerId: manager.id, name: 'Ana', hireDate: '2025-07-21' });
    const hidden = await person({ storeId: store.id, birthday: '07-20', managerId: manager.id });
    await t.db.insert(s.celebrationChoices).values({ userId: hidden.id, kind: 'birthday', choice: 'private' });
    const noHeadsUps = await storeIn('America/Mexico_City', { headsUpDays: 0 });
    const unheralded = await person({ storeId: noHeadsUps.id, birthday: '07-20', managerId: manager.id });
    // 3 days before 20 July in Tokyo is 17 July; 08:00 there is 23:00 UTC on the 16th.
    const total = await sweep('2026-07-15T12:00:00Z', '2026-07-19T00:00:00Z', [u.id, hidden.id, unheralded.id], { every: 15 * MINUTE });
    // The anniversary of 21 July (1 year) is heard of on the 18th, Tokyo time, too.
    expect(total.headsUps).toBe(2);
    const notes = await notificationsOf(manager.id);
    expect(notes.map((n) => [n.description, n.url, wallClock(n.createdAt, 'Asia/Tokyo')])).toEqual([
      [`Upcoming birthday: Ana ${u.lastName} on 2026-07-20`, `/feed?give=${u.id}`, '2026-07-17 08:00'],
      [`Upcoming anniversary 1: Ana ${u.lastName} on 2026-07-21`, `/feed?give=${u.id}`, '2026-07-18 08:00'],
    ]);
    expect(describeNotification(notes[0]!, 'en')).toEqual({
      key: 'celebrationSoonBirthday',
      values: { name: `Ana ${u.lastName}`, date: 'July 20, 2026' },
    });
    expect(describeNotification(notes[0]!, 'es').values).toEqual({ name: `Ana ${u.lastName}`, date: '20 de julio de 2026' });
    // Their e-mail, in their language.
    const mail = renderNotificationMail(notes[0]!, { lang: 'en', name: 'Boss', publicUrl: 'https://rewards.test' });
    expect(mail.subject).toBe(`Ana ${u.lastName}'s birthday is coming up`);
    expect(mail.text).toContain('on July 20, 2026');
    expect(mail.link).toBe(`https://rewards.test/feed?give=${u.id}`);
    expect(await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.notificationId, notes[0]!.id))).toHaveLength(1);
    // Again: nothing more.
    expect((await run('2026-07-17T01:00:00Z', [u.id, hidden.id, unheralded.id])).headsUps).toBe(0);
  }, 60_000);
});

describe('expiry reminders', () => {
  it('reminds 30, 7 and 1 local days before the redemption cutoff, once each, with the balance and the last day in their zone', async () => {
    const mexico = await person({ zone: 'America/Mexico_City', points: 120 });
    const tokyo = await person({ zone: 'Asia/Tokyo', points: 10, language: 'en' });
    const empty = await person({ zone: 'America/Mexico_City' });
    const ids = [mexico.id, tokyo.id, empty.id];
    // The cutoff is 16 October 00:00 UTC (the program's zone): 15 October 18:00 in Mexico City, 16 October 09:00 in Tokyo.
    const total = await sweep('2026-09-10T00:00:00Z', '2026-10-17T00:00:00Z', ids, { every: 60 * MINUTE });
    expect(total.reminders).toBe(6);
    const sent = async (userId: number, zone: string) =>
      (await notificationsOf(userId, 'points')).map((n) => [n.description, wallClock(n.createdAt, zone)]);
    expect(await sent(mexico.id, 'America/Mexico_City')).toEqual([
      ['Points expiring: 120 by 2026-10-15', '2026-09-15 08:00'],
      ['Points expiring: 120 by 2026-10-15', '2026-10-08 08:00'],
      ['Points expiring: 120 by 2026-10-15', '2026-10-14 08:00'],
    ]);
    expect(await sent(tokyo.id, 'Asia/Tokyo')).toEqual([
      ['Points expiring: 10 by 2026-10-16', '2026-09-16 08:00'],
      ['Points expiring: 10 by 2026-10-16', '2026-10-09 08:00'],
      ['Points expiring: 10 by 2026-10-16', '2026-10-15 08:00'],
    ]);
    expect(await notificationsOf(empty.id, 'points')).toEqual([]);
    const reminders = await t.db
      .select({ userId: s.expiryReminders.userId, expiresOn: s.expiryReminders.expiresOn, daysBefore: s.expiryReminders.daysBefore })
      .from(s.expiryReminders)
      .where(inArray(s.expiryReminders.userId, ids))
      .orderBy(asc(s.expiryReminders.userId), asc(s.expiryReminders.createdAt));
    expect(reminders.map((r) => [r.userId, r.expiresOn, r.daysBefore])).toEqual([
      [mexico.id, '2026-10-16', 30],
      [mexico.id, '2026-10-16', 7],
      [mexico.id, '2026-10-16', 1],
      [tokyo.id, '2026-10-16', 30],
      [tokyo.id, '2026-10-16', 7],
      [tokyo.id, '2026-10-16', 1],
    ]);
    const [last] = (await notificationsOf(tokyo.id, 'points')).slice(-1);
    expect(describeNotification(last!, 'en')).toEqual({
      key: 'pointsExpiring',
      values: { points: 10, count: 10, date: 'October 16, 2026' },
    });
    expect(renderNotificationMail(last!, { lang: 'es', name: 'Ana', publicUrl: 'https://rewards.test' }).text).toContain(
      'Tienes 10 puntos. Canjéalos a más tardar el 16 de octubre de 2026',
    );
    expect(localDate(last!.createdAt, 'Asia/Tokyo')).toBe('2026-10-15');
  }, 120_000);
});
