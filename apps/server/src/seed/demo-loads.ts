import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { creditLoad } from '../modules/loads/loads.service.ts';

/**
 * Demo employees and demo bulk loads (docs/architecture.md A7), so the loads pages have something to show: 60
 * employees in the first store, a few in the others, one of them inactive, and three loads sent by the
 * demo administrators through the same database function as the API (rs_credit_load), their reasons in
 * Spanish and English (docs/architecture.md A6.15). They are not
 * demo accounts: the bundled sign-in page does not list them, but any of them can sign in by typing
 * their e-mail there. Nobody else's points change (Ana keeps her 5,000).
 */
const firstNames = ['Alejandro', 'Beatriz', 'Carlos', 'Daniela', 'Eduardo', 'Fernanda', 'Gabriel', 'Hilda', 'Ignacio', 'Julia'];
const lastNames = ['Aguilar', 'Benítez', 'Castro', 'Domínguez', 'Escobar', 'Flores'];

const ascii = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The demo employees of the first store (empleado 1..60), in a stable order. */
export function demoEmployees(): { email: string; name: string; lastName: string }[] {
  return Array.from({ length: 60 }, (_, i) => {
    const name = firstNames[i % firstNames.length]!;
    const lastName = lastNames[Math.floor(i / firstNames.length)]!;
    return { email: `${ascii(name)}.${ascii(lastName)}@rewards.test`, name, lastName };
  });
}

export const otherStoreEmployees = [
  { email: 'ricardo.salas@rewards.test', name: 'Ricardo', lastName: 'Salas', store: 1 },
  { email: 'sonia.trevino@rewards.test', name: 'Sonia', lastName: 'Treviño', store: 1 },
  { email: 'tomas.uribe@rewards.test', name: 'Tomás', lastName: 'Uribe', store: 1 },
  { email: 'valeria.vega@rewards.test', name: 'Valeria', lastName: 'Vega', store: 1 },
  { email: 'walter.zamora@rewards.test', name: 'Walter', lastName: 'Zamora', store: 2 },
  { email: 'ximena.ybarra@rewards.test', name: 'Ximena', lastName: 'Ybarra', store: 2 },
] as const;

/** An employee who left: refused by every review (USER_INACTIVE). */
export const inactiveEmployee = { email: 'baja.temporal@rewards.test', name: 'Bruno', lastName: 'Baja' };

export async function seedDemoLoads(db: Db, now: Date): Promise<void> {
  const stores = await db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id));
  if (stores.length < 3) return;
  const [first, second, third] = stores.map((st) => st.id) as [number, number, number];
  const employees = demoEmployees();
  await db
    .insert(s.users)
    .values([
      ...employees.map((e) => ({ ...e, storeId: first })),
      ...otherStoreEmployees.map(({ store, ...e }) => ({ ...e, storeId: store === 1 ? second : third })),
      { ...inactiveEmployee, storeId: first, active: 0 },
    ]);
  const senders = await db
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.email, ['admin@rewards.test', 'super@rewards.test']));
  const admin = senders.find((u) => u.email === 'admin@rewards.test')?.id;
  const superAdmin = senders.find((u) => u.email === 'super@rewards.test')?.id;
  if (!admin || !superAdmin) return;
  const reward = async (storeId: number, code: string) =>
    (
      await db
        .select({ id: s.rewards.id, points: s.rewards.points })
        .from(s.rewards)
        .where(and(eq(s.rewards.storeId, storeId), eq(s.rewards.code, code)))
    )[0];

  const loads = [
    {
      storeId: first,
      code: 'customer-voice',
      actorId: admin,
      reason: 'Felicitaciones de clientes del mes',
      reasonEn: "This month's compliments from customers",
      emails: [...employees.slice(0, 10).map((e) => e.email), 'ex.empleado@rewards.test', otherStoreEmployees[0].email],
    },
    {
      storeId: first,
      code: 'collaboration',
      actorId: admin,
      reason: 'Proyecto de integración de oficinas',
      reasonEn: 'Office integration project',
      emails: employees.slice(10, 35).map((e) => e.email),
    },
    {
      storeId: second,
      code: 'collaboration',
      actorId: superAdmin,
      reason: 'Apertura de la oficina',
      reasonEn: 'Opening of the office',
      emails: otherStoreEmployees.filter((e) => e.store === 1).map((e) => e.email),
    },
  ];
  for (const load of loads) {
    const r = await reward(load.storeId, load.code);
    if (!r) continue;
    // Demo data exists whatever the day: the accrual window is not asked; limits count from the epoch.
    await creditLoad(db, { ...load, rewardId: r.id, points: r.points, since: new Date(0), now, accrualOpen: true });
  }
}
