import { asc, eq, inArray } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import { peerReactions } from '@rewards/shared/peer-rules';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { isAccrualOpen, type CalendarRules } from '../lib/calendar.ts';
import { addAddon, addComment, giveRecognition, setManager, setReaction } from '../modules/peer/peer.service.ts';
import { demoEmployees, otherStoreEmployees } from './demo-loads.ts';

/**
 * Demo peer recognition (docs/architecture.md A6.16, A7), so the feed is alive on the first start: giving
 * settings for the three demo stores (100 points a month), six company values in Spanish and English with
 * their emoji and colour, managers for a few demo employees, and four weeks of recognitions among the demo
 * employees with comments, add-ons and reactions. Every give goes through the same service as the API
 * (giveRecognition, addAddon: rs_give), so allowances, their movements and the points ledger agree, and
 * the program calendar holds: a day outside the accrual window gives nothing, and a give the allowance or
 * the share cap refuses is left out. Only demo employees take part (the first thirty of the first store and
 * three of the others), never the demo accounts nor the employees the journeys count points or
 * notifications of: their balances, allowances and notifications stay as the journeys expect them.
 */

const DAY = 86_400_000;
/** How far back the recognitions go. */
const DAYS = 28;

export const demoValues = [
  { name: 'Colaboración', nameEn: 'Collaboration', emoji: '🤝', color: '#4f46e5' },
  { name: 'Pasión por el cliente', nameEn: 'Customer focus', emoji: '💬', color: '#0284c7' },
  { name: 'Innovación', nameEn: 'Innovation', emoji: '💡', color: '#d97706' },
  { name: 'Integridad', nameEn: 'Integrity', emoji: '🛡️', color: '#059669' },
  { name: 'Excelencia', nameEn: 'Excellence', emoji: '⭐', color: '#7c3aed' },
  { name: 'Bienestar', nameEn: 'Well-being', emoji: '🌱', color: '#e11d48' },
] as const;

/** What people write: in their own words, Spanish or English (a message is not translated). */
const messages = [
  'Gracias por quedarte a ayudarme con el cierre de mes, sin ti no lo logramos.',
  'Tu presentación al cliente fue clarísima; se fueron convencidos. ¡Bravo!',
  'Gracias por enseñarme el nuevo sistema de inventario con tanta paciencia.',
  'Resolviste la queja del cliente en una sola llamada. Un ejemplo para todos.',
  'Thanks for covering my shift on such short notice, you saved the week!',
  'Tu idea para ordenar la bodega nos ahorra una hora al día. ¡Genial!',
  'Siempre con buena actitud, incluso en los días más pesados. Gracias.',
  'Great job leading the onboarding of the new team members.',
  'Gracias por revisar mi propuesta a detalle; quedó mucho mejor.',
  'Organizaste la pausa activa del viernes y todos volvimos con energía.',
  'Detectaste el error en la factura antes de enviarla. ¡Gracias por tu cuidado!',
  'Your report made the monthly review so much easier. Thank you!',
];

const comments = [
  '¡Totalmente merecido! 👏',
  'Así es, gran trabajo.',
  'Well deserved!',
  'Me sumo al reconocimiento.',
  '¡Felicidades!',
  'Gracias por compartirlo con todo el equipo.',
];

/** A small deterministic generator: the same demo on every first start. */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

/** The refusals a demo give may meet (the allowance, the share cap, the calendar): it is then left out. */
const REFUSED = new Set(['ALLOWANCE_EXCEEDED', 'GIVE_SHARE_CAP', 'ACCRUAL_CLOSED', 'ADDON_OWN_RECOGNITION']);
async function unlessRefused<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && REFUSED.has(err.code)) return undefined;
    throw err;
  }
}

export async function seedDemoPeer(db: Db, now: Date, calendar: CalendarRules): Promise<void> {
  const stores = await db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id));
  if (stores.length < 3) return;
  const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'super@rewards.test'));
  if (!admin) return;
  const emails = [
    ...demoEmployees()
      .slice(0, 30)
      .map((e) => e.email),
    ...otherStoreEmployees.filter((e) => e.email !== 'sonia.trevino@rewards.test').map((e) => e.email),
  ];
  const people = await db
    .select({ id: s.users.id, email: s.users.email, storeId: s.users.storeId })
    .from(s.users)
    .where(inArray(s.users.email, emails));
  if (people.length < 10) return;
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const ordered = emails.map((e) => byEmail.get(e)).filter((p) => p !== undefined);

  // Giving settings and company values for every store.
  await db
    .insert(s.givingSettings)
    .values(stores.map((st) => ({ storeId: st.id, amount: 100, period: 'month' as const, updatedBy: admin.id, updatedAt: now })))
    .onConflictDoNothing();
  const values = await db
    .insert(s.companyValues)
    .values(
      stores.flatMap((st) =>
        demoValues.map((v, position) => ({ ...v, storeId: st.id, position, createdBy: admin.id, modifiedBy: admin.id })),
      ),
    )
    .returning({ id: s.companyValues.id, storeId: s.companyValues.storeId });
  const valuesOf = (storeId: number | null) => values.filter((v) => v.storeId === storeId).map((v) => v.id);

  // Managers: the first of each group of five of the first store manages the next four.
  const firstStore = ordered.slice(0, 30);
  for (let lead = 0; lead < 15; lead += 5)
    for (const member of firstStore.slice(lead + 1, lead + 5))
      await setManager(db, { userId: member.id, managerId: firstStore[lead]!.id, now, actorId: admin.id });

  // Four weeks of recognitions, oldest first, at office hours; weekdays only.
  const random = randomOf(48);
  const viewer = (id: number) => ({ id, role: Role.User, adminStores: [] as number[] });
  type Given = { id: number; giverId: number; recipients: number[]; private: boolean; at: Date };
  const given: Given[] = [];

  /** Colleagues react, comment and add points to a public one, a little after it was given. */
  async function interact(r: Given, i: number) {
    const bystanders = ordered.filter((p) => p.id !== r.giverId && !r.recipients.includes(p.id));
    const later = (minutes: number) => new Date(Math.min(r.at.getTime() + minutes * 60_000, now.getTime()));
    const reactions = Math.floor(random.next() * 5);
    for (let k = 0; k < reactions; k++)
      await setReaction(db, {
        viewer: viewer(random.pick(bystanders).id),
        recognitionId: r.id,
        emoji: random.pick(peerReactions),
        on: true,
        now: later(10 + k),
      });
    if (i % 3 === 0) await addComment(db, viewer(random.pick(bystanders).id), r.id, random.pick(comments), later(30));
    if (i % 7 === 3) {
      const at = later(45);
      await unlessRefused(() =>
        addAddon(
          db,
          r.id,
          { points: 5, message: 'Me sumo: ¡muy merecido!' },
          { viewer: viewer(random.pick(bystanders).id), now: at, calendar },
        ),
      );
    }
  }

  for (let back = DAYS; back >= 1; back--) {
    const day = new Date(now.getTime() - back * DAY);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const gives = 2 + Math.floor(random.next() * 3);
    for (let g = 0; g < gives; g++) {
      const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15 + g, Math.floor(random.next() * 60)));
      if (!isAccrualOpen(at, calendar)) continue;
      const giver = random.pick(ordered);
      const others = ordered.filter((p) => p.id !== giver.id);
      const recipients = [random.pick(others)];
      if (random.next() < 0.25) {
        const second = random.pick(others);
        if (second.id !== recipients[0]!.id) recipients.push(second);
      }
      const own = valuesOf(giver.storeId);
      const chosen = [...new Set([random.pick(own), ...(random.next() < 0.3 ? [random.pick(own)] : [])])];
      const isPrivate = random.next() < 0.12;
      const result = await unlessRefused(() =>
        giveRecognition(
          db,
          {
            recipients: recipients.map((r) => r.id),
            points: 5 * (1 + Math.floor(random.next() * 4)),
            message: random.pick(messages),
            values: chosen,
            private: isPrivate,
          },
          { viewer: viewer(giver.id), now: at, calendar },
        ),
      );
      if (!result) continue;
      const r = { id: result.recognition.id, giverId: giver.id, recipients: recipients.map((p) => p.id), private: isPrivate, at };
      given.push(r);
      if (!r.private) await interact(r, given.length - 1);
    }
  }
}
