/**
 * The example integration of docs/integration/ (decision 0025) works against a real server, as an integrator
 * would run it. The server listens on 127.0.0.1 (a random port); an administrator of the store signs in
 * and creates a personal API token through the API; the client types are generated from the served document
 * (docs/integration/generate-types.ts, as `npm run api:types` does) and the example is compiled with them;
 * then the example runs (docs/integration/run-example.ts, its own process) with the token and the sample
 * HR export: it reads the week's orders of the store and credits the load, and running it again replays
 * the load instead of crediting twice (Idempotency-Key).
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { seedDemoLoads } from '../src/seed/demo-loads.ts';
import { writeTypes } from '../../../docs/integration/generate-types.ts';
import { factories } from './factories.ts';
import { createTestApp, PUBLIC_URL, signIn, type TestApp } from './harness.ts';
import { assertInvariants } from './invariants.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'docs/integration');
const run = promisify(execFile);

/** The store's employees of the sample file, once each; the other lines are refused for the reasons given. */
const CREDITED = [
  'alejandro.flores@rewards.test',
  'beatriz.flores@rewards.test',
  'carlos.flores@rewards.test',
  'daniela.escobar@rewards.test',
];
const REFUSED = {
  'ALEJANDRO.FLORES@rewards.test': 'DUPLICATE_IN_LIST',
  'ricardo.salas@rewards.test': 'OTHER_STORE',
  'baja.temporal@rewards.test': 'USER_INACTIVE',
  'ex.empleado@rewards.test': 'UNKNOWN_USER',
};

interface ExampleOutput {
  week: { from: string; to: string };
  orders: { count: number; points: number; ids: number[] };
  review: { correct: number; incorrect: string[] };
  load: { id: number; receivers: number; rejected: number; totalPoints: number; replayed: boolean };
}

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  // The demo employees and loads of `npm start`, whom the sample HR export names.
  await seedDemoLoads(t.db, t.clock.now());
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** Runs the example in its own process, as an integrator does, and reads what it printed. */
async function runExample(token: string, storeId: number): Promise<ExampleOutput> {
  const args = ['run-example.ts', '--store', String(storeId), '--file', 'hr-export.sample.csv', '--week-of', '2026-03-04'];
  const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
    cwd: EXAMPLE,
    env: { ...process.env, REWARDS_URL: baseUrl, REWARDS_TOKEN: token },
  });
  return JSON.parse(stdout) as ExampleOutput;
}

const balances = async (emails: string[]) =>
  new Map(
    (await t.db.select({ email: s.users.email, points: s.users.points }).from(s.users).where(inArray(s.users.email, emails))).map((u) => [
      u.email,
      u.points,
    ]),
  );

describe('the example integration (docs/integration)', () => {
  it("with an administrator's personal token: reads the week's orders of the store and credits the HR export once", async () => {
    // The sample HR export names the demo employees of the first store (seedDemoLoads). An administrator of
    // that store signs in and creates a token from their browser session, over HTTP.
    const make = factories(t);
    const [firstStore] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
    const storeId = firstStore!.id;
    const admin = await make.admin({ stores: [storeId] });
    const { session } = await signIn(t.app, admin.email);
    const created = await fetch(`${baseUrl}/api/users/tokens`, {
      method: 'POST',
      headers: { cookie: `rs_session=${session}`, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'HR integration', days: 30 }),
    });
    expect(created.status).toBe(201);
    const { token } = ((await created.json()) as { data: { token: string } }).data;

    // An order of this week (the test clock's: Monday 2 March 2026) in that store.
    const shopper = await make.shopper({ storeId, points: 1_000 });
    const product = await make.product({ storeId, price: 120, stock: 5 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ data: { id: number } }>().data.id;

    // The client generated from the served document, and the example compiled with it.
    await writeTypes(baseUrl);
    await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(EXAMPLE, 'tsconfig.json')]);

    const before = await balances(CREDITED);
    const first = await runExample(token, storeId);
    expect(first.week).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(first.orders.ids).toContain(orderId);
    const listed = await t.db.select({ storeId: s.orders.storeId }).from(s.orders).where(inArray(s.orders.id, first.orders.ids));
    expect(listed.length).toBe(first.orders.count);
    expect(new Set(listed.map((o) => o.storeId))).toEqual(new Set([storeId]));
    expect(first.review.correct).toBe(CREDITED.length);
    expect(first.review.incorrect.sort()).toEqual(
      Object.entries(REFUSED)
        .map(([email, reason]) => `${email}: ${reason}`)
        .sort(),
    );
    expect(first.load).toMatchObject({ receivers: CREDITED.length, rejected: Object.keys(REFUSED).length, replayed: false });

    const points = first.load.totalPoints / CREDITED.length;
    expect(points).toBeGreaterThan(0);
    const after = await balances(CREDITED);
    for (const email of CREDITED) expect(after.get(email), email).toBe(before.get(email)! + points);
    await assertInvariants(t.db);

    // Sent again (a retry after a lost answer): the same load, nobody credited twice.
    const again = await runExample(token, storeId);
    expect(again.load).toEqual({ ...first.load, replayed: true });
    expect(await balances(CREDITED)).toEqual(after);
    await assertInvariants(t.db);
  }, 120_000);
});
