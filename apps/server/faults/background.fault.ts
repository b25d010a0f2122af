// Background work runs once across instances (docs/decisions/0033-background-work-once.md):
// three server processes on one PostgreSQL, each running its e-mail worker and point expiry as main.ts
// does, receive the same load confirms and challenge awards at once; one is killed (-9) while it sends
// e-mail and while it confirms a load. Counted: credits per receiver, awards, e-mails received by the
// SMTP stand-in per outbox row, expiry rows per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { INTERRUPTED_SEND, SMTP_CONNECTIONS } from '../src/modules/mail/mail-worker.ts';
import {
  codeOf,
  Instance,
  Postgres,
  SmtpStandIn,
  invariantViolations,
  ports,
  query,
  report,
  request,
  seed,
  sleep,
  tally,
  type Outcome,
} from './lib.ts';

const P = ports(0);
const pg = new Postgres(P.postgres);
const smtp = new SmtpStandIn(P.smtp);
let instances: Instance[] = [];
let seeded: Awaited<ReturnType<typeof seed>>;
const LEASE_SECONDS = 35;

/** Today's month-day shifted by `days`, for a program calendar whose expiry day is today. */
const monthDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(5, 10);

function startThree(env: Record<string, string> = {}) {
  instances = P.instances.map(
    (port) =>
      new Instance(port, {
        DATABASE_URL: pg.url,
        SMTP_URL: smtp.url,
        MAIL_INTERVAL_SECONDS: '0.5',
        MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
        PUBLIC_URL: 'http://rewards.faults.test',
        ...env,
      }),
  );
  return Promise.all(instances.map((i) => i.start()));
}

beforeAll(async () => {
  await pg.init();
  seeded = await seed(pg.url, { employees: 3000 });
  await smtp.start();
  await startThree();
});

afterAll(async () => {
  await Promise.all(instances.map((i) => i.remove()));
  await smtp.stop();
  await pg.destroy();
});

const emails = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `employee-${from + i}@faults.test`);
const confirm = (instance: Instance, key: string, list: string[], reason: string) =>
  request(instance.base, {
    method: 'POST',
    path: '/api/loads',
    token: seeded.admin.token,
    headers: { 'idempotency-key': key },
    body: { storeId: 1, rewardId: seeded.rewardId, reason, emails: list },
  });

describe('background work runs once across three instances', () => {
  it('credits each load once, awards a challenge once and sends each e-mail once or marks it failed, with one instance killed mid-way', async () => {
    // Every instance's e-mail worker sends slowly enough that a kill lands mid-batch.
    smtp.delayMs = 15;
    // Three loads, each confirmed through all three instances at once with one Idempotency-Key.
    const keys: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const same: Outcome[] = (
      await Promise.all(
        keys.map((key, n) => Promise.all(instances.map((i) => confirm(i, key, emails(n * 100 + 1, n * 100 + 100), `Load ${n}`)))),
      )
    ).flat();

    // A challenge of store 1 with 5 winners among 8 right answers, awarded through all three at once.
    const [challenge] = await query<{ id: number }>(
      pg.url,
      `insert into challenges (store_id, title, description, type, winners, points_per_winner, starts_at, ends_at, is_active, created_by, modified_by)
       values (1, 'Fault challenge', 'Once only', 'multiple_choice', 5, 700, now() - interval '2 days', now() - interval '1 hour', false, $1, $1) returning id`,
      [seeded.admin.id],
    );
    await query(
      pg.url,
      `insert into challenge_participations (challenge_id, user_id, created_at, all_correct)
       select $1, id, now() - interval '1 day' + (row_number() over (order by id)) * interval '1 minute', true
       from users where email like 'employee-%@faults.test' order by id offset 2900 limit 8`,
      [challenge!.id],
    );
    const awards = await Promise.all(
      instances.map((i) =>
        request(i.base, {
          method: 'POST',
          path: '/api/loads/challenge',
          token: seeded.admin.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { challengeId: challenge!.id },
        }),
      ),
    );

    // A big load confirmed on instance 0, killed mid-way, then confirmed again with the same key on instance 1.
    const bigKey = randomUUID();
    const big = emails(1001, 2500);
    const cut = confirm(instances[0]!, bigKey, big, 'Cut off');
    // Instance 0 is also sending e-mail now (the copies of the notifications are due): kill it mid-batch.
    await sleep(100);
    const receivedBeforeKill = smtp.received.length;
    await instances[0]!.stop('SIGKILL');
    smtp.delayMs = 0;
    const cutOutcome = await cut;
    const retried = await confirm(instances[1]!, bigKey, big, 'Cut off');

    // Wait until the outbox is settled: the dead instance's claims end with their lease.
    const deadline = Date.now() + (LEASE_SECONDS + 120) * 1000;
    let pending = Infinity;
    while (Date.now() < deadline) {
      pending = (await query<{ n: number }>(pg.url, `select count(*)::int n from email_outbox where status = 'pending'`))[0]!.n;
      if (pending === 0) break;
      await sleep(1000);
    }

    const loads = await query<{ key: string; n: number; receivers: number }>(
      pg.url,
      `select idempotency_key as key, count(*)::int n, sum(receivers)::int receivers from loads where idempotency_key is not null and reward_id is not null group by 1`,
    );
    const creditsPerReceiver = await query<{ times: number; users: number }>(
      pg.url,
      `select times, count(*)::int users from (select pt.user_id, l.idempotency_key, count(*)::int times from point_transactions pt
         join loads l on l.id = pt.ref_id where pt.ref_type = 'load' and l.idempotency_key is not null group by 1, 2) x group by 1`,
    );
    const challengeCredits = await query<{ user_id: number; n: number }>(
      pg.url,
      `select user_id, count(*)::int n from point_transactions where ref_type = 'challenge' and ref_id = $1 group by 1`,
      [challenge!.id],
    );
    const outbox = await query<{ id: number; status: string; last_error: string | null }>(
      pg.url,
      `select id, status, last_error from email_outbox`,
    );
    const receivedById = new Map<string, number>();
    for (const m of smtp.received) receivedById.set(m.messageId, (receivedById.get(m.messageId) ?? 0) + 1);
    const idOf = (id: number) => `<outbox-${id}@rewards.faults.test>`;
    const sentTwice = [...receivedById.values()].filter((n) => n > 1).length;
    const sentRowsNotReceivedOnce = outbox.filter((r) => r.status === 'sent' && receivedById.get(idOf(r.id)) !== 1).length;
    const failed = outbox.filter((r) => r.status === 'failed');
    const violations = await invariantViolations(pg.url);

    report('Background work, three instances (one killed -9 mid-way)', {
      'load confirms sent (3 keys x 3)': same.length,
      'load confirms answered': tally(same),
      'loads per key': loads.map((l) => `${l.n} load, ${l.receivers} receivers`),
      'credits per receiver and load': creditsPerReceiver.map((c) => `${c.users} receivers credited ${c.times}x`),
      'challenge awards answered': tally(awards),
      'challenge winners credited': `${challengeCredits.length} winners, ${challengeCredits.filter((c) => c.n !== 1).length} credited more than once`,
      'big load on the killed instance': cutOutcome.status || cutOutcome.error,
      'big load retried with its key': retried.status,
      'e-mails received before the kill': receivedBeforeKill,
      'outbox rows': outbox.length,
      'outbox sent / failed / pending': `${outbox.length - failed.length - pending} / ${failed.length} / ${pending}`,
      'e-mails received (SMTP stand-in)': smtp.received.length,
      'e-mails received twice': sentTwice,
      'sent rows not received exactly once': sentRowsNotReceivedOnce,
      invariants: violations,
    });

    // Each key: every answer 2xx (one 201, the others replay it), one load with all its receivers.
    expect(same.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    expect(same.filter((o) => o.status === 201)).toHaveLength(3);
    const bigLoad = loads.find((l) => l.key === bigKey);
    expect(bigLoad).toMatchObject({ n: 1, receivers: 1500 });
    expect(loads.filter((l) => keys.includes(l.key)).map((l) => [l.n, l.receivers])).toEqual([
      [1, 100],
      [1, 100],
      [1, 100],
    ]);
    expect(creditsPerReceiver).toEqual([{ times: 1, users: 1800 }]);
    expect([200, 201]).toContain(retried.status);
    // One award: one 201, the others CHALLENGE_ALREADY_AWARDED; each of the 5 winners credited once.
    expect(awards.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(awards.filter((a) => a.status === 409).map(codeOf)).toEqual(['CHALLENGE_ALREADY_AWARDED', 'CHALLENGE_ALREADY_AWARDED']);
    expect(challengeCredits).toHaveLength(5);
    expect(challengeCredits.every((c) => c.n === 1)).toBe(true);
    // E-mail: nothing pending, none received twice, every sent row received once; failed only when cut off mid-send.
    expect(pending).toBe(0);
    expect(sentTwice).toBe(0);
    expect(sentRowsNotReceivedOnce).toBe(0);
    expect(failed.filter((f) => f.last_error !== INTERRUPTED_SEND)).toEqual([]);
    // In doubt: at most the wave the killed instance had handed to SMTP (one message per pooled connection).
    expect(failed.length).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect(Object.values(violations).every((n) => n === 0)).toBe(true);
  });

  it('expires the points once when three instances reach the expiry day together', async () => {
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
    await Promise.all(instances.map((i) => i.remove()));
    const holders = await query<{ n: number }>(pg.url, 'select count(*)::int n from users where points > 0');
    // A program calendar whose expiry day is today: every instance runs the expiry as it starts.
    await startThree({ PROGRAM_ACCRUAL_START: monthDay(-30), PROGRAM_ACCRUAL_END: monthDay(-3), PROGRAM_REDEMPTION_END: monthDay(-1) });
    let runs: { n: number }[] = [];
    for (let i = 0; i < 60; i++) {
      runs = await query<{ n: number }>(pg.url, `select count(*)::int n from job_runs where job = 'point-expiry'`);
      if (runs[0]!.n > 0) break;
      await sleep(500);
    }
    await sleep(2000);
    const perUser = await query<{ times: number; users: number }>(
      pg.url,
      `select times, count(*)::int users from (select user_id, count(*)::int times from point_transactions where kind = 'expiry' group by 1) x group by 1`,
    );
    const left = await query<{ n: number }>(pg.url, 'select count(*)::int n from users where points <> 0');
    const violations = await invariantViolations(pg.url);
    report('Point expiry, three instances starting on the expiry day', {
      'users holding points before': holders[0]!.n,
      'job_runs rows': runs[0]!.n,
      'expiry rows per user': perUser.map((p) => `${p.users} users expired ${p.times}x`),
      'balances left': left[0]!.n,
      invariants: violations,
    });
    expect(runs[0]!.n).toBe(1);
    expect(perUser).toEqual([{ times: 1, users: holders[0]!.n }]);
    expect(left[0]!.n).toBe(0);
    expect(Object.values(violations).every((n) => n === 0)).toBe(true);
  });
});
