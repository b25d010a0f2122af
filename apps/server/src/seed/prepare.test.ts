import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role } from '@rewards/shared/enums';
import { loadConfig } from '../config.ts';
import * as s from '../db/schema/index.ts';
import { freshDatabase } from '../../test/harness.ts';
import { prepareDatabase } from './prepare.ts';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(48),
  OIDC_ISSUER: 'https://login.example.com/v2.0',
  OIDC_CLIENT_ID: 'rewards',
  DATA_DIR: '/tmp/rs-prepare-test',
};

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function emptyDatabase() {
  const { database, drop } = await freshDatabase();
  cleanup = async () => {
    await database.close();
    await drop();
  };
  return database.db;
}

describe('preparing the database at start', () => {
  it('never loads the demo data in production, and makes the bootstrap e-mail the first super administrator once', async () => {
    const db = await emptyDatabase();
    const config = loadConfig({ ...production, BOOTSTRAP_SUPER_ADMIN_EMAIL: 'Root@Example.com' });
    expect(await prepareDatabase(db, config, { images: false })).toEqual({ seeded: false, bootstrapped: 'root@example.com' });
    expect((await db.select({ n: count() }).from(s.stores))[0]!.n).toBe(0);
    const users = await db.select({ email: s.users.email, role: s.users.role }).from(s.users);
    expect(users).toEqual([{ email: 'root@example.com', role: Role.SuperAdmin }]);
    expect(users.some((u) => u.email.endsWith('@rewards.test'))).toBe(false);

    // A second start (or a second instance) changes nothing, even if the super administrator was renamed.
    expect(
      await prepareDatabase(db, loadConfig({ ...production, BOOTSTRAP_SUPER_ADMIN_EMAIL: 'other@example.com' }), { images: false }),
    ).toEqual({
      seeded: false,
    });
    expect((await db.select({ n: count() }).from(s.users))[0]!.n).toBe(1);
  });

  it('promotes an existing user when the database has no super administrator', async () => {
    const db = await emptyDatabase();
    await db.insert(s.users).values({ email: 'Boss@Example.com', name: 'Boss', role: Role.User, active: 0 });
    await prepareDatabase(db, loadConfig({ ...production, BOOTSTRAP_SUPER_ADMIN_EMAIL: 'boss@example.com' }), { images: false });
    const [boss] = await db.select().from(s.users).where(eq(s.users.name, 'Boss'));
    expect(boss).toMatchObject({ role: Role.SuperAdmin, active: 1 });
  });

  it('loads the demo data into an empty database outside production', async () => {
    const db = await emptyDatabase();
    expect(await prepareDatabase(db, loadConfig({ DATA_DIR: '/tmp/rs-prepare-test' }), { images: false })).toEqual({ seeded: true });
    expect((await db.select({ n: count() }).from(s.stores))[0]!.n).toBeGreaterThan(0);
  });
});
