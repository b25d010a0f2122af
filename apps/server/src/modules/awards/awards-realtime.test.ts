import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { SYSTEM_NOTIFICATION_EVENT } from '@rewards/shared/constants';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { connected, connectSocket, nextEvent } from '../../../test/sockets.ts';
import { factories, type FactoryUser } from '../../../test/factories.ts';

// An award credited at once (docs/architecture.md A6.19) tells its recipients' open pages of their
// notification from the instance that wrote it, once committed (rs_award switches the database's
// announcement off for it, as rs_give does); an award waiting for approval tells its approver through the
// database's announcement (A6.11). Over a real Socket.IO connection (PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let make: ReturnType<typeof factories>;
let url: string;
const open: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await t.app.realtime.ready;
  make = factories(t);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(() => t?.close());

const socketOf = (u: FactoryUser) => {
  const socket = connectSocket(url, { session: u.session });
  open.push(socket);
  return connected(socket);
};

describe('an award’s notifications reach the open pages', () => {
  it('of the recipient of an award credited at once, and of the approver of one that waits', async () => {
    const admin = await make.admin();
    const boss = await make.shopper();
    const recipient = await make.shopper();
    await t.db.update(s.users).set({ managerId: boss.id }).where(eq(s.users.id, recipient.id));
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/budgets',
      headers: admin.headers,
      payload: { scope: 'store', storeId: 1, amount: 5000, period: 'none' },
    });
    const [r, m] = await Promise.all([socketOf(recipient), socketOf(boss)]);
    const heard = nextEvent<{ userId: number }>(r, SYSTEM_NOTIFICATION_EVENT);
    const body = { recipients: [recipient.id], message: 'Por el cierre impecable del trimestre, gracias', budgetId: b.json().data.id };
    const credited = await t.app.inject({ method: 'POST', url: '/api/awards', headers: admin.headers, payload: { ...body, points: 10 } });
    expect(credited.statusCode).toBe(201);
    expect(await heard).toEqual({ userId: recipient.id });
    const asked = nextEvent<{ userId: number }>(m, SYSTEM_NOTIFICATION_EVENT);
    const waiting = await t.app.inject({ method: 'POST', url: '/api/awards', headers: admin.headers, payload: { ...body, points: 600 } });
    expect(waiting.statusCode).toBe(202);
    expect(await asked).toEqual({ userId: boss.id });
  });
});
