import { asc, eq, inArray } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import type { CalendarRules } from '../lib/calendar.ts';
import { createBudget } from '../modules/awards/budgets.service.ts';
import { setManager } from '../modules/peer/peer.service.ts';

/**
 * Demo budgets and awards (docs/architecture.md A6.19), so `npm start` shows a working budget: in the first
 * store a store budget of 20,000 points a month (its administrators give from it) and a manager budget of
 * 3,000 a month for Fernanda Aguilar, a demo manager (A6.16's demo data: she manages Gabriel, Hilda, Ignacio
 * and Julia Aguilar). Alejandro Aguilar, another demo manager, becomes her manager and Alejandro Benítez's,
 * so an award to one of her people climbs two levels: Fernanda approves, then Alejandro (or Alejandro alone
 * when Fernanda gave it). The store keeps the default approval rules (500 and 2,000 points; 3 and 7 days).
 */
export async function seedDemoAwards(db: Db, now: Date, calendar: CalendarRules): Promise<void> {
  const [first] = await db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
  const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'super@rewards.test'));
  if (!first || !admin) return;
  const people = await db
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(inArray(s.users.email, [...Object.values(demoAwardPeople)]));
  const id = (email: string) => people.find((p) => p.email === email)?.id;
  const top = id(demoAwardPeople.topManager);
  const manager = id(demoAwardPeople.manager);
  const other = id(demoAwardPeople.otherManager);
  if (top === undefined || manager === undefined || other === undefined) return;
  for (const userId of [manager, other]) await setManager(db, { userId, managerId: top, now, actorId: admin.id });
  const actor = { id: admin.id, role: Role.SuperAdmin, adminStores: [] as number[] };
  await createBudget(db, actor, { scope: 'store', storeId: first.id, amount: 20_000, period: 'month', reload: true }, { now, calendar });
  await createBudget(
    db,
    actor,
    { scope: 'manager', storeId: first.id, managerId: manager, amount: 3_000, period: 'month', reload: true },
    { now, calendar },
  );
}

/** The demo people of the awards' approval chain (the journeys sign in as them). */
export const demoAwardPeople = {
  /** Manager of Fernanda and of Alejandro Benítez: the second level. */
  topManager: 'alejandro.aguilar@rewards.test',
  /** Manager of Gabriel, Hilda, Ignacio and Julia Aguilar: the first level; has a budget of her own. */
  manager: 'fernanda.aguilar@rewards.test',
  otherManager: 'alejandro.benitez@rewards.test',
} as const;
