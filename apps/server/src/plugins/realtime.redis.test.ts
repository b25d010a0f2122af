import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { fixedClock } from '../lib/clock.ts';
import { as, PUBLIC_URL } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { connected, connectSocket, disconnected, nextEvent, record } from '../../test/sockets.ts';
import { createApiToken } from '../modules/auth/auth.service.ts';
import { createConnection } from '../modules/directory/connections.service.ts';

// Two instances on one PostgreSQL database with Redis, as in production behind a balancer (docs/architecture.md A6.11):
// what happens through instance A reaches a socket held by instance B, the live feed (A6.16) included, which the
// instance that wrote emits through the Redis adapter. CI sets both variables.
const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(redisUrl && adminUrl)('realtime across two instances (PostgreSQL + Redis)', () => {
  const name = `rs_test_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-rt-'));
  const instances: { app: FastifyInstance; database: Database; url: string }[] = [];
  const sockets: Socket[] = [];
  const idOf: Record<string, number> = {};
  const sessions: Record<string, string> = {};
  let make: ReturnType<typeof factories>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      DATABASE_URL: url.href,
      REDIS_URL: redisUrl,
    });
    const clock = fixedClock('2026-03-02T15:00:00Z');
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: url.href, poolMax: 5 });
      if (i === 0) await seedIfEmpty(database.db, { uploadsDir: config.uploadsDir, images: false });
      const app = await buildApp({ config, database, db: database.db, clock }, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      await app.realtime.ready;
      const address = app.server.address();
      instances.push({ app, database, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }
    make = factories({ db: instances[0]!.database.db, clock, config });
    // A shopper and an administrator of store 1.
    for (const [who, u] of Object.entries({ ana: await make.shopper(), admin: await make.admin() })) {
      idOf[who] = u.id;
      sessions[who] = u.session;
    }
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const [a, b] = [0, 1].map((i) => ({
    get app() {
      return instances[i]!.app;
    },
    socket(auth: Parameters<typeof connectSocket>[1]) {
      const socket = connectSocket(instances[i]!.url, auth);
      sockets.push(socket);
      return connected(socket);
    },
  }));

  it('a notification created through instance A reaches a client of instance B within 1 s', async () => {
    const ana = await b!.socket({ session: sessions.ana });
    const started = performance.now();
    const event = nextEvent<{ userId: number }>(ana, 'systemNotification', 1000);
    const res = await a!.app.inject({
      method: 'POST',
      url: '/api/users/points',
      headers: as(sessions.admin),
      payload: { userId: idOf.ana, value: 15, description: 'Across instances' },
    });
    expect(res.statusCode).toBe(200);
    expect(await event).toEqual({ userId: idOf.ana });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a client whose session is revoked through instance A is disconnected by instance B', async () => {
    // A second session of ana (another browser).
    const { session } = await make.session(idOf.ana!);
    const socket = await b!.socket({ session });
    const gone = disconnected(socket, 1000);
    const res = await a!.app.inject({ method: 'POST', url: '/api/auth/logout', headers: as(session) });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(b!.socket({ session })).rejects.toThrow('SESSION_EXPIRED');
  });

  it('events emitted to a room on instance A reach its sockets on instance B through the Redis adapter', async () => {
    const ana = await b!.socket({ session: sessions.ana });
    const event = nextEvent<{ userId: number }>(ana, 'systemNotification', 1000);
    a!.app.realtime.io.to(`user:${idOf.ana}`).emit('systemNotification', { userId: idOf.ana });
    expect(await event).toEqual({ userId: idOf.ana });
    const sockets = await a!.app.realtime.io.in(`user:${idOf.ana}`).fetchSockets();
    expect(sockets.length).toBe(1);
  });

  it('a recognition given through instance A reaches the feed of every signed-in socket on instance B', async () => {
    const [giver, recipient, colleague] = [await make.shopper(), await make.shopper(), await make.shopper()];
    const onB = await Promise.all([recipient, colleague].map((u) => b!.socket({ session: u.session })));
    const onA = await a!.socket({ session: giver.session });
    const heard = [...onB, onA].map((socket) => nextEvent<{ kind: string; recognitionId: number }>(socket, 'feed', 1000));
    const res = await a!.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: as(giver.session),
      payload: { recipients: [recipient.id], points: 5, message: 'Gracias por tu ayuda con el cierre del trimestre' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    for (const event of await Promise.all(heard)) expect(event).toEqual({ kind: 'recognition', recognitionId: id });
    // A comment through instance B reaches the giver's socket on instance A.
    const commented = nextEvent<{ kind: string; recognitionId: number }>(onA, 'feed', 1000);
    const comment = await b!.app.inject({
      method: 'POST',
      url: `/api/recognitions/${id}/comments`,
      headers: as(colleague.session),
      payload: { message: 'Bravo' },
    });
    expect(comment.statusCode).toBe(201);
    expect(await commented).toEqual({ kind: 'comment', recognitionId: id });
  });

  it('a private recognition given through instance A reaches on instance B only its recipient and their store administrators, once each', async () => {
    const [giver, recipient, colleague] = [await make.shopper(), await make.shopper(), await make.shopper()];
    const otherStore = await make.store();
    const adminOther = await make.admin({ stores: [otherStore.id] });
    const superAdmin = await make.superAdmin();
    const sockets = {
      recipient: await b!.socket({ session: recipient.session }),
      colleague: await b!.socket({ session: colleague.session }),
      admin: await b!.socket({ session: sessions.admin }),
      adminOther: await b!.socket({ session: adminOther.session }),
      superAdmin: await b!.socket({ session: superAdmin.session }),
    };
    const events = Object.fromEntries(Object.entries(sockets).map(([who, socket]) => [who, record<unknown>(socket, 'feed')]));
    const res = await a!.app.inject({
      method: 'POST',
      url: '/api/recognitions',
      headers: as(giver.session),
      payload: { recipients: [recipient.id], points: 5, message: 'Gracias por tu ayuda con el cierre del trimestre', private: true },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await new Promise((r) => setTimeout(r, 300));
    for (const who of ['recipient', 'admin', 'superAdmin']) expect(events[who], who).toEqual([{ kind: 'recognition', recognitionId: id }]);
    for (const who of ['colleague', 'adminOther']) expect(events[who], who).toEqual([]);
  });

  it('a leaver deactivated by the company directory through instance A loses their cookie, API token and socket on instance B within 5 s; reactivation restores access', async () => {
    const leaver = await make.shopper();
    const { token: apiToken } = await createApiToken(instances[0]!.database.db, { userId: leaver.id, name: 'leaver', now: new Date() });
    const { token } = await createConnection(instances[0]!.database.db, {
      name: 'Entra ID',
      days: 1,
      officeAttribute: 'organization',
      createdBy: null,
      now: new Date(),
      scimUrl: 'x',
    });
    const bySession = await b!.socket({ session: leaver.session });
    const byToken = await b!.socket({ token: apiToken });
    const gone = [disconnected(bySession, 5000), disconnected(byToken, 5000)];
    const started = performance.now();
    const res = await a!.app.inject({
      method: 'PATCH',
      url: `/scim/v2/Users/${leaver.id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ Operations: [{ op: 'Replace', path: 'active', value: 'False' }] }),
    });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    const asCookie = await b!.app.inject({ method: 'GET', url: '/api/users/profile', headers: as(leaver.session) });
    const asToken = await b!.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${apiToken}` } });
    expect(performance.now() - started).toBeLessThan(5000);
    expect([asCookie.statusCode, asCookie.json().code]).toEqual([401, 'USER_INACTIVE']);
    expect([asToken.statusCode, asToken.json().code]).toEqual([401, 'USER_INACTIVE']);
    await expect(b!.socket({ token: apiToken })).rejects.toThrow('USER_INACTIVE');

    // Back in the directory: the token works again (the ended session stays ended: a new sign-in makes another).
    await a!.app.inject({
      method: 'PATCH',
      url: `/scim/v2/Users/${leaver.id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ Operations: [{ op: 'replace', value: { active: 'True' } }] }),
    });
    const back = await b!.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${apiToken}` } });
    expect(back.statusCode).toBe(200);
    await b!.socket({ token: apiToken });
  });
});
