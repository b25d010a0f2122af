import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { deliverDueMail, INTERRUPTED_SEND, outboxMessageId, SMTP_CONNECTIONS, smtpTransport, type DeliveryOptions } from './mail-worker.ts';

/**
 * A real SMTP server on a loopback port that records what it receives (and can be stopped and started,
 * dropping the connections the pooled transport keeps open), counts the connections it accepted and the
 * most messages it was receiving at once, and refuses the recipients in `refuse`.
 */
class LocalSmtp {
  received: { to: string; subject: string; text: string; messageId: string }[] = [];
  port = 0;
  delayMs = 0;
  connections = 0;
  receiving = 0;
  mostAtOnce = 0;
  refuse = new Set<string>();
  private server: SMTPServer | null = null;
  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onConnect: (_session, done) => {
        this.connections++;
        done();
      },
      onRcptTo: (address, _session, done) => {
        if (!this.refuse.has(address.address)) return done();
        done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      },
      onData: (stream, _session, done) => {
        this.mostAtOnce = Math.max(this.mostAtOnce, ++this.receiving);
        simpleParser(stream)
          .then(async (mail) => {
            if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            this.received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', messageId: mail.messageId ?? '' });
            this.receiving--;
            done();
          })
          .catch((err: Error) => {
            this.receiving--;
            done(err);
          });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A client's kept-open connection that goes away is no error of the server's.
    server.on('error', () => undefined);
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }
  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

let t: TestApp;
const smtp = new LocalSmtp();
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
const emails: Record<string, string> = {};
const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let options: Omit<DeliveryOptions, 'now'>;

beforeAll(async () => {
  // Teams configured (nothing here calls it), so the admin may choose it.
  t = await createTestApp({ TEAMS_TENANT_ID: 'contoso', TEAMS_CLIENT_ID: 'app', TEAMS_CLIENT_SECRET: 'secret' });
  await smtp.start();
  options = {
    transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
    from: 'Rewards Store <no-reply@rewards.test>',
    publicUrl: 'http://localhost:3000',
  };
  // Ana (5,000 points) and her administrator in store 1, Luis in another store, a super administrator;
  // each with the profile row a signed-in user has.
  const make = factories(t);
  const other = await make.store();
  const people = {
    ana: await make.shopper({ name: 'Ana', points: 5000, profile: true }),
    admin: await make.admin({ profile: true }),
    super: await make.superAdmin({ profile: true }),
    luis: await make.shopper({ storeId: other.id, name: 'Luis', profile: true }),
  };
  for (const [who, u] of Object.entries(people)) {
    sessions[who] = u.session;
    idOf[who] = u.id;
    emails[who] = u.email;
  }
  // Ana reads the site in English and prefers e-mail; Luis has never saved his profile (default: e-mail, Spanish).
  const profile = (who: string, lang: string, preferredContact: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: { ...as(sessions[who]), 'accept-language': lang },
      payload: {
        city: 'Ciudad de México',
        postalCode: '06600',
        state: 'CDMX',
        address: 'Reforma 250, Juárez',
        preferredContact,
        preferredCategoryId: null,
        officeInCity: true,
      },
    });
  expect((await profile('ana', 'en', 'email')).statusCode).toBe(200);
  expect((await profile('admin', 'es', 'teams')).statusCode).toBe(200);
});
afterAll(async () => {
  await smtp.stop();
  await t.close();
});

/** Delivers everything already due, so each test starts from an outbox with nothing pending. */
beforeEach(async () => {
  if (!smtp['server']) await smtp.start();
  while ((await deliverDueMail(t.db, { ...options, now: at(0) })).claimed > 0);
  await t.db.update(s.emailOutbox).set({ status: 'failed' }).where(eq(s.emailOutbox.status, 'pending'));
  smtp.received = [];
  await assertInvariants(t.db);
});

const credit = (userId: number, description: string, who = 'super') =>
  t.app.inject({ method: 'POST', url: '/api/users/points', headers: as(sessions[who]), payload: { userId, value: 10, description } });

const outboxOf = (userId: number) =>
  t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.userId, userId)).orderBy(asc(s.emailOutbox.id));

describe('e-mail copies of notifications', () => {
  it('sends the copy of a Teams-preferring user by e-mail when Teams is not configured, as an e-mail', async () => {
    expect((await credit(idOf.admin!, 'Teams sin configurar')).statusCode).toBe(200);
    // The e-mail worker alone leaves it...
    expect(await deliverDueMail(t.db, { ...options, now: at(0) })).toMatchObject({ claimed: 0 });
    // ...and takes it when it is told Teams is not there (main.ts without TEAMS_*).
    expect(await deliverDueMail(t.db, { ...options, channels: ['email', 'teams'], now: at(0) })).toMatchObject({ sent: 1 });
    const [row] = (await outboxOf(idOf.admin!)).slice(-1);
    expect(row).toMatchObject({ status: 'sent', channel: 'email', toAddress: emails.admin });
    expect(row!.bodyText).toContain('Teams sin configurar');
    expect(row!.bodyText).toContain('Recibes este correo porque Teams no está disponible para ti');
    expect(smtp.received.map((m) => m.to)).toEqual([emails.admin]);
  });

  it('sends a copy to an e-mail-preferring user in their language, and none by e-mail to a Teams-preferring one', async () => {
    expect((await credit(idOf.ana!, 'Great teamwork in March')).statusCode).toBe(200);
    expect((await credit(idOf.luis!, 'Gran trabajo en equipo')).statusCode).toBe(200);
    expect((await credit(idOf.admin!, 'Solo por Teams')).statusCode).toBe(200);
    const adminRows = await outboxOf(idOf.admin!);
    // The admin's copy is a Teams row, which the e-mail worker leaves to the Teams worker.
    expect(adminRows.filter((r) => r.status === 'pending').map((r) => r.channel)).toEqual(['teams']);
    const [pending] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(pending).toMatchObject({ kind: 'notification', status: 'pending', attempts: 0, toAddress: emails.ana, subject: null });

    const result = await deliverDueMail(t.db, { ...options, now: at(0) });
    expect(result).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    const ana = smtp.received.find((m) => m.to.includes(emails.ana!))!;
    expect(ana.subject).toBe('Your points');
    expect(ana.text).toContain('Hello Ana,');
    expect(ana.text).toContain('Great teamwork in March');
    expect(ana.text).toContain('http://localhost:3000/account');
    const luis = smtp.received.find((m) => m.to.includes(emails.luis!))!;
    expect(luis.subject).toBe('Tus puntos');
    expect(luis.text).toContain('Hola Luis:');
    expect(luis.text).toContain('Gran trabajo en equipo');
    const [sent] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, subject: 'Your points', lastError: null, claimToken: null });
    expect(sent!.sentAt).toEqual(at(0));
  });

  it('sends the approval notice of an order in the customer language, with its lines', async () => {
    const product = await factories(t).product({ price: 120, stock: 5 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: as(sessions.ana),
      payload: { lines: [{ productId: product.id, quantity: 1 }] },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.id as number;
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}`,
      headers: as(sessions.admin),
      payload: { status: 2 },
    });
    expect(approved.statusCode).toBe(200);
    await deliverDueMail(t.db, { ...options, now: at(0) });
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([`Your order #${orderId} was placed`, `Your order #${orderId}: Approved`, `Order #${orderId} approved`]),
    );
    const notice = smtp.received.find((m) => m.subject === `Order #${orderId} approved`)!;
    expect(notice.to).toContain(emails.ana);
    expect(notice.text).toContain(`- ${product.name} x 1`);
    expect(notice.text).toContain('You have 10 days');
  });
});

describe('a failing SMTP server never loses a message', () => {
  it('keeps messages pending with attempts and backoff while the server is down, and sends them when it returns', async () => {
    await smtp.stop();
    await credit(idOf.ana!, 'While the mail server sleeps');
    const first = await deliverDueMail(t.db, { ...options, now: at(0) });
    expect(first).toMatchObject({ claimed: 1, sent: 0, retried: 1 });
    let [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimToken: null });
    expect(row!.lastError).toBeTruthy();
    expect(row!.sendAfter).toEqual(at(30));
    // Not due again before its backoff ends.
    expect((await deliverDueMail(t.db, { ...options, now: at(20) })).claimed).toBe(0);
    expect((await deliverDueMail(t.db, { ...options, now: at(31) })).retried).toBe(1);
    [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.sendAfter).toEqual(at(31 + 60));

    await smtp.start();
    expect((await deliverDueMail(t.db, { ...options, now: at(91) })).sent).toBe(1);
    [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(smtp.received.map((m) => m.text).join()).toContain('While the mail server sleeps');
  });

  it('marks a message failed after the last attempt, keeping its error', async () => {
    await smtp.stop();
    await credit(idOf.ana!, 'Never delivered');
    let now = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const r = await deliverDueMail(t.db, { ...options, now: at(now), maxAttempts: 3, backoffBaseMs: 1000 });
      expect(r.claimed).toBe(1);
      now += 3600;
    }
    const [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    expect((await deliverDueMail(t.db, { ...options, now: at(now + 3600) })).claimed).toBe(0);
  });

  it('two workers never send one message twice', async () => {
    const rows = Array.from({ length: 24 }, (_, i) => ({ userId: idOf.luis!, itemType: 'points' as const, description: `Batch ${i}` }));
    await t.db.insert(s.notifications).values(rows);
    smtp.delayMs = 5;
    const [a, b] = await Promise.all([
      deliverDueMail(t.db, { ...options, now: at(0), batch: 5 }).then(
        async (r) => r.sent + (await deliverDueMail(t.db, { ...options, now: at(0), batch: 10 })).sent,
      ),
      deliverDueMail(t.db, { ...options, now: at(0), batch: 5, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`) }).then(
        async (r) => r.sent + (await deliverDueMail(t.db, { ...options, now: at(0), batch: 10 })).sent,
      ),
    ]);
    while ((await deliverDueMail(t.db, { ...options, now: at(0) })).claimed > 0);
    smtp.delayMs = 0;
    const texts = smtp.received.filter((m) => m.text.includes('Batch ')).map((m) => /Batch \d+/.exec(m.text)![0]);
    expect(texts).toHaveLength(24);
    expect(new Set(texts).size).toBe(24);
    expect(a + b).toBeLessThanOrEqual(24);
    const states = await t.db
      .select({ status: s.emailOutbox.status, attempts: s.emailOutbox.attempts })
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.userId, idOf.luis!), inArray(s.emailOutbox.status, ['sent'])));
    expect(states.filter((r) => r.attempts !== 1)).toEqual([]);
  });
});

describe('a batch through pooled connections', () => {
  /** `count` notifications of Luis (Spanish, e-mail by default), each with its outbox copy by trigger; answers the copies' ids. */
  const queue = async (count: number, text: string) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      userId: idOf.luis!,
      itemType: 'points' as const,
      description: `${text} ${i}`,
    }));
    const ids = (await t.db.insert(s.notifications).values(rows).returning({ id: s.notifications.id })).map((n) => n.id);
    return (await t.db.select({ id: s.emailOutbox.id }).from(s.emailOutbox).where(inArray(s.emailOutbox.notificationId, ids))).map(
      (r) => r.id,
    );
  };
  /** Passes of one worker until nothing is due: what it sent. */
  const drain = async (o: Omit<DeliveryOptions, 'now'>) => {
    let sent = 0;
    for (;;) {
      const r = await deliverDueMail(t.db, { ...o, now: at(0) });
      sent += r.sent;
      if (r.claimed === 0) return sent;
    }
  };
  const rowsOf = (ids: number[]) =>
    t.db
      .select({
        id: s.emailOutbox.id,
        status: s.emailOutbox.status,
        attempts: s.emailOutbox.attempts,
        claimToken: s.emailOutbox.claimToken,
        started: s.emailOutbox.sendStartedAt,
        subject: s.emailOutbox.subject,
      })
      .from(s.emailOutbox)
      .where(inArray(s.emailOutbox.id, ids));

  it('delivers every message of a batch once, over a few kept-open connections with several messages at once', async () => {
    const ids = await queue(250, 'Lote');
    smtp.connections = 0;
    smtp.mostAtOnce = 0;
    smtp.delayMs = 2;
    const sent = await drain(options);
    smtp.delayMs = 0;
    expect(sent).toBe(250);
    const got = smtp.received.map((m) => m.messageId);
    expect(got).toHaveLength(250);
    expect(new Set(got)).toEqual(new Set(ids.map((id) => outboxMessageId(id, options.publicUrl))));
    // The text each one was rendered with (its reader's language) went out and stays with the row.
    expect(smtp.received.every((m) => m.subject === 'Tus puntos' && /Lote \d+/.test(m.text))).toBe(true);
    const rows = await rowsOf(ids);
    expect(
      rows.filter((r) => r.status !== 'sent' || r.attempts !== 1 || r.claimToken !== null || !r.started || r.subject !== 'Tus puntos'),
    ).toEqual([]);
    // Not a connection per message: the pool's few, each renewed after nodemailer's 100 messages at most.
    expect(smtp.connections).toBeLessThanOrEqual(SMTP_CONNECTIONS + Math.ceil(250 / 100));
    expect(smtp.mostAtOnce).toBeGreaterThan(1);
    expect(smtp.mostAtOnce).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it('two workers draining at once deliver every message once', async () => {
    const ids = await queue(300, 'A la vez');
    const second = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
    smtp.delayMs = 2;
    const [a, b] = await Promise.all([drain({ ...options, batch: 40 }), drain({ ...options, batch: 40, transport: second })]);
    smtp.delayMs = 0;
    second.close?.();
    expect(a + b).toBe(300);
    const got = smtp.received.map((m) => m.messageId);
    expect(got).toHaveLength(300);
    expect(new Set(got).size).toBe(300);
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([]);
  });

  it('retries a refused recipient after its backoff, and sends the rest of its wave', async () => {
    const luis = await queue(12, 'Con Ana');
    await credit(idOf.ana!, 'Refused once');
    const [ana] = (await outboxOf(idOf.ana!)).slice(-1);
    smtp.refuse.add(emails.ana!);
    const first = await deliverDueMail(t.db, { ...options, now: at(0) });
    expect(first).toMatchObject({ claimed: 13, sent: 12, retried: 1, failed: 0 });
    let [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ id: ana!.id, status: 'pending', attempts: 1, claimToken: null, sendStartedAt: null });
    expect(row!.lastError).toMatch(/550/);
    expect(row!.sendAfter).toEqual(at(30));
    expect((await rowsOf(luis)).every((r) => r.status === 'sent')).toBe(true);

    smtp.refuse.clear();
    expect(await deliverDueMail(t.db, { ...options, now: at(20) })).toMatchObject({ claimed: 0 });
    expect(await deliverDueMail(t.db, { ...options, now: at(31) })).toMatchObject({ claimed: 1, sent: 1 });
    [row] = (await outboxOf(idOf.ana!)).slice(-1);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.filter((m) => m.messageId === outboxMessageId(ana!.id, options.publicUrl))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.text.includes('Con Ana'))).toHaveLength(12);
  });
});

describe('a worker that dies mid-batch', () => {
  it('leaves its unstarted messages to another worker after the lease, and marks the one cut off mid-send failed, never sent twice', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ userId: idOf.luis!, itemType: 'points' as const, description: `Cut off ${i}` }));
    await t.db.insert(s.notifications).values(rows);
    // The first worker hands its first message to an SMTP call that never answers: as if its process died there.
    let handedOver = () => {};
    const reached = new Promise<void>((resolve) => (handedOver = resolve));
    const dead: DeliveryOptions['transport'] = {
      send: () => {
        handedOver();
        return new Promise<void>(() => {});
      },
    };
    void deliverDueMail(t.db, { ...options, transport: dead, now: at(0), batch: 3 });
    await reached;
    // Within the lease nobody touches its rows.
    expect(await deliverDueMail(t.db, { ...options, now: at(60) })).toMatchObject({ claimed: 0, interrupted: 0 });
    const after = await deliverDueMail(t.db, { ...options, now: at(121) });
    expect(after).toMatchObject({ claimed: 2, sent: 2, interrupted: 1 });
    const mine = await t.db
      .select({ status: s.emailOutbox.status, lastError: s.emailOutbox.lastError, attempts: s.emailOutbox.attempts })
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.userId, idOf.luis!))
      .orderBy(asc(s.emailOutbox.id));
    expect(mine.slice(-3)).toEqual([
      { status: 'failed', lastError: INTERRUPTED_SEND, attempts: 1 },
      { status: 'sent', lastError: null, attempts: 2 },
      { status: 'sent', lastError: null, attempts: 2 },
    ]);
    const texts = smtp.received.filter((m) => m.text.includes('Cut off ')).map((m) => /Cut off \d/.exec(m.text)![0]);
    expect(texts.sort()).toEqual(['Cut off 1', 'Cut off 2']);
    // Nothing is due any more: the failed one stays failed.
    expect(await deliverDueMail(t.db, { ...options, now: at(600) })).toMatchObject({ claimed: 0, interrupted: 0 });
  });
});

describe('GET /api/mail/outbox', () => {
  it('lets super administrators read every message, administrators those of their stores, nobody else', async () => {
    await credit(idOf.ana!, 'Listed for the admins');
    await credit(idOf.luis!, 'Listado para super');
    const list = (who: string, query = '') => t.app.inject({ method: 'GET', url: `/api/mail/outbox${query}`, headers: as(sessions[who]) });
    const all = await list('super', '?status=pending&pageSize=5');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 5, totalCount: 2, totalPages: 1 });
    const [newest, older] = all.json().data;
    expect(newest).toMatchObject({
      toAddress: emails.luis,
      status: 'pending',
      attempts: 0,
      subject: 'Tus puntos',
      kind: 'notification',
    });
    expect(older.bodyText).toContain('Listed for the admins');
    const admin = (await list('admin', '?status=pending')).json();
    expect(admin.data.map((m: { toAddress: string }) => m.toAddress)).toEqual([emails.ana]);
    expect((await list('super', '?status=sent')).json().data.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    expect((await list('ana')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail/outbox' })).statusCode).toBe(401);
    expect((await list('super', '?status=lost')).statusCode).toBe(400);
  });
});
