// The webhooks benchmark's helper (bench/webhooks.mjs), run with tsx in two ways:
//   DATABASE_URL setup RECEIVER_URL EVENTS SUBJECTS: migrates the scratch database, adds one all-stores endpoint
//     for the receiver, and writes EVENTS events over SUBJECTS subjects (`user:K`, each subject's events numbered
//     `seq` 1, 2…) in one statement, as the source tables' triggers write them (the fan-out trigger makes one
//     delivery each). Prints { endpointId, secret } as JSON.
//   DATABASE_URL credit PEOPLE: a bulk credit of PEOPLE people through postPoints (the one ledger writer), timed
//     three ways: no endpoint at all, an endpoint subscribed to another type only, and one subscribed to
//     points.credited (every row an event and a delivery). Prints the milliseconds and the events written as JSON.
//   DATABASE_URL work [SCALE]: one worker, as an instance runs it (webhook-worker.ts: claims with SKIP LOCKED, in order
//     per subject), passing until no delivery is pending; the backoff is the production schedule times
//     SCALE (0.01 unless told). Prints its counts as JSON.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';
import { postPoints } from '../src/modules/points/points.service.ts';
import { newWebhookSecret } from '../src/modules/webhooks/signing.ts';
import { deliverDueWebhooks, httpSender, WEBHOOK_BACKOFF_LATER_MS, WEBHOOK_BACKOFF_MS } from '../src/modules/webhooks/webhook-worker.ts';

const [url, mode, ...rest] = process.argv.slice(2);
if (!url || (mode !== 'setup' && mode !== 'work' && mode !== 'credit'))
  throw new Error('usage: webhooks-worker.ts DATABASE_URL setup|work ...');
const database = await openDatabase({ url });
const db = database.db;

if (mode === 'credit') {
  const people = Number(rest[0]);
  await db.execute(sql`
    insert into users (email, name, store_id) select 'wh' || n || '@bench.test', 'Bench ' || n, null from generate_series(1, ${people}) n`);
  await db.execute(sql`analyze`);
  const { rows } = await db.execute<{ id: number }>(sql`select id from users where email like 'wh%@bench.test' order by id`);
  const entries = rows.map((r) => ({ userId: Number(r.id), value: 10 }));
  const credit = async () => {
    const started = performance.now();
    await db.transaction((tx) =>
      postPoints(tx, {
        entries,
        kind: 'adjustment',
        description: 'Bench',
        descriptionKey: 'adjustment',
        descriptionValues: { reason: 'Bench' },
        now: new Date(),
      }),
    );
    return Math.round(performance.now() - started);
  };
  const events = async () => Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events`)).rows[0]!.n);
  await credit(); // warm-up
  // Without the webhooks' triggers at all: what the credit costs by itself.
  await db.execute(sql`alter table point_transactions disable trigger point_transactions_webhooks`);
  const bare = await credit();
  await db.execute(sql`alter table point_transactions enable trigger point_transactions_webhooks`);
  const none = await credit();
  await db
    .insert(s.webhookEndpoints)
    .values({ storeId: null, url: 'https://hooks.example.com/x', events: ['order.placed'], secret: newWebhookSecret() });
  const other = await credit();
  const before = await events();
  await db
    .insert(s.webhookEndpoints)
    .values({ storeId: null, url: 'https://hooks.example.com/y', events: ['points.credited'], secret: newWebhookSecret() });
  const subscribed = await credit();
  console.log(JSON.stringify({ people, bare, none, other, subscribed, eventsBefore: before, events: (await events()) - before }));
} else if (mode === 'setup') {
  const [receiverUrl, events, subjects] = [rest[0]!, Number(rest[1]), Number(rest[2])];
  const secret = newWebhookSecret();
  const [endpoint] = await db
    .insert(s.webhookEndpoints)
    .values({ storeId: null, url: receiverUrl, events: ['points.credited'], secret })
    .returning({ id: s.webhookEndpoints.id });
  await db.execute(sql`
    insert into webhook_events (type, subject, store_id, payload)
    select 'points.credited', 'user:' || (n % ${subjects}), null,
      jsonb_build_object('seq', n / ${subjects} + 1, 'userId', n % ${subjects}, 'points', 10)
    from generate_series(0, ${events - 1}) as n
    order by n`);
  await db.execute(sql`analyze`);
  console.log(JSON.stringify({ endpointId: endpoint!.id, secret }));
} else {
  const scale = Number(rest[0] ?? 0.01);
  const send = httpSender({ production: false });
  const totals = { passes: 0, claimed: 0, delivered: 0, retried: 0, failed: 0 };
  for (;;) {
    const r = await deliverDueWebhooks(db, {
      send,
      now: new Date(),
      concurrency: 16,
      backoffMs: WEBHOOK_BACKOFF_MS.map((ms) => ms * scale),
      backoffLaterMs: WEBHOOK_BACKOFF_LATER_MS * scale,
    });
    totals.passes++;
    totals.claimed += r.claimed;
    totals.delivered += r.delivered;
    totals.retried += r.retried;
    totals.failed += r.failed;
    if (r.claimed) continue;
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
    if (!Number(rows[0]!.n)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(JSON.stringify(totals));
}
await database.close();
