import { eq, sql } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import type { Config } from '../config.ts';
import { defaultCalendar } from '../lib/calendar.ts';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { seedDemoChallenges } from './demo-challenges.ts';
import { seedDemoLoads } from './demo-loads.ts';
import { seedDemoPeer } from './demo-peer.ts';
import { seedDemoAwards } from './demo-awards.ts';
import { seedDemoCelebrations } from './demo-celebrations.ts';
import { writeDemoPortraits } from './portraits.ts';
import { seedIfEmpty } from './seed.ts';

export interface Prepared {
  /** The demo data was loaded into an empty database. */
  seeded: boolean;
  /** This e-mail was made the first super administrator. */
  bootstrapped?: string;
}

/**
 * What a database needs before the server answers. Outside production an empty database gets the demo
 * data. In production it never does (no demo accounts, no demo super administrator): the first super
 * administrator is BOOTSTRAP_SUPER_ADMIN_EMAIL, made so only while the database has none, or comes from
 * `npm run admin -- role`.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'seedDemoData' | 'bootstrapSuperAdminEmail' | 'uploadsDir'> & Partial<Pick<Config, 'calendar'>>,
  opts: { images: boolean } = { images: true },
): Promise<Prepared> {
  const seeded = config.seedDemoData ? await seedIfEmpty(db, { uploadsDir: config.uploadsDir, images: opts.images }) : false;
  // Demo employees, loads, challenges, peer recognition, people's dates and award budgets come with the demo data of a running server; API
  // tests seed without them.
  if (seeded) {
    await seedDemoLoads(db, new Date());
    await seedDemoChallenges(db, new Date());
    await seedDemoPeer(db, new Date(), config.calendar ?? defaultCalendar);
    await seedDemoCelebrations(db, new Date());
    await seedDemoAwards(db, new Date(), config.calendar ?? defaultCalendar);
  }
  // The bundled provider's portraits of the demo accounts (its picture claim), drawn when missing.
  if (config.seedDemoData && opts.images) await writeDemoPortraits(config.uploadsDir);
  const email = config.bootstrapSuperAdminEmail;
  if (!email) return { seeded };
  const bootstrapped = await db.transaction(async (tx) => {
    // One instance at a time, so two starting together make one super administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(7340001)`);
    const [existing] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.role, Role.SuperAdmin)).limit(1);
    if (existing) return undefined;
    const [user] = await tx
      .select({ id: s.users.id })
      .from(s.users)
      .where(sql`lower(${s.users.email}) = ${email}`);
    if (user) await tx.update(s.users).set({ role: Role.SuperAdmin, active: 1 }).where(eq(s.users.id, user.id));
    else await tx.insert(s.users).values({ email, name: email.split('@')[0]!, role: Role.SuperAdmin });
    return email;
  });
  return { seeded, ...(bootstrapped ? { bootstrapped } : {}) };
}
