// Webhooks benchmark (decision 0051, docs/architecture.md A6.19), on a scratch PostgreSQL database: 10,000
// events over 1,000 subjects (ten each, numbered), one endpoint, delivered by two workers at once (two
// processes, as two instances) to a local receiver (the reference one's verification,
// docs/integration/webhook-receiver.mjs) that answers 500 to 10 % of attempts at random. Checks: every event
// delivered, each event under one webhook-id only (no event delivered twice with different ids), every
// signature valid, and per subject the events taken (first 2xx) in their order. Measures the time to drain.
// The retries wait the production schedule times BENCH_WEBHOOK_BACKOFF_SCALE (0.01 unless told: 50 ms, 300
// ms, 1.2 s…), so the figure is the workers' throughput, not the schedule's waits.
// `node bench/webhooks.mjs` runs it alone (BENCH_DATABASE_URL as the others; BENCH_WEBHOOK_EVENTS for a smaller try).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { verifyWebhook } from '../docs/integration/webhook-receiver.mjs';
import { root, runSeed, scratchDatabase } from './lib.mjs';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const SUBJECTS = Math.max(1, Math.round(EVENTS / 10));
const WORKERS = 2;
const FAIL_RATE = 0.1;
const CREDIT_PEOPLE = Number(process.env.BENCH_WEBHOOK_CREDIT_PEOPLE ?? 100_000);
const SCALE = Number(process.env.BENCH_WEBHOOK_BACKOFF_SCALE ?? 0.01);
const fmt = (n) => n.toLocaleString('en-US');

function worker(dbUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/webhooks-worker.ts', dbUrl, 'work', String(SCALE)], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`worker exited ${code}`)),
    );
  });
}

/** The outbox's cost in the business transaction: a bulk credit of CREDIT_PEOPLE people without and with webhooks. */
async function benchCredit() {
  const database = await scratchDatabase('rs_bench_webhooks_credit');
  try {
    const r = JSON.parse(
      runSeed('apps/server/bench/webhooks-worker.ts', database.url, 'credit', String(CREDIT_PEOPLE)).trim().split('\n').at(-1),
    );
    console.log(
      [
        `webhooks: a bulk credit of ${fmt(r.people)} people (postPoints, one statement)`,
        `  without the webhooks' trigger: ${fmt(r.bare)} ms; no endpoint: ${fmt(r.none)} ms; an endpoint of another type: ${fmt(r.other)} ms (events written: ${r.eventsBefore})`,
        `  an endpoint of points.credited: ${fmt(r.subscribed)} ms (${fmt(r.events)} events and as many deliveries, in the same transaction)`,
      ].join('\n'),
    );
    return r;
  } finally {
    await database.drop();
  }
}

export async function benchWebhooks() {
  await benchCredit();
  const database = await scratchDatabase('rs_bench_webhooks');
  const state = {
    first: undefined,
    last: 0,
    secret: '',
    attempts: 0,
    refused: 0,
    bad: 0,
    taken: new Map(),
    bySeq: new Map(),
    order: new Map(),
    outOfOrder: 0,
  };
  const receiver = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      state.attempts++;
      state.first ??= performance.now();
      state.last = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const check = verifyWebhook({ secret: state.secret, headers: req.headers, body });
      if (!check.ok) {
        state.bad++;
        res.writeHead(401).end();
        return;
      }
      if (Math.random() < FAIL_RATE) {
        state.refused++;
        res.writeHead(500).end();
        return;
      }
      const { subject, data } = check.event;
      const key = `${subject}#${data.seq}`;
      // One id per event: the same (subject, seq) never arrives under another webhook-id.
      const known = state.bySeq.get(key);
      if (known && known !== check.id) state.bad++;
      state.bySeq.set(key, check.id);
      if (!state.taken.has(check.id)) {
        state.taken.set(check.id, key);
        const last = state.order.get(subject) ?? 0;
        if (data.seq !== last + 1) state.outOfOrder++;
        state.order.set(subject, data.seq);
      }
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;
  try {
    const { secret } = JSON.parse(
      runSeed('apps/server/bench/webhooks-worker.ts', database.url, 'setup', receiverUrl, String(EVENTS), String(SUBJECTS))
        .trim()
        .split('\n')
        .at(-1),
    );
    state.secret = secret;
    const started = performance.now();
    const totals = await Promise.all(Array.from({ length: WORKERS }, () => worker(database.url)));
    const seconds = (performance.now() - started) / 1000;
    const delivered = state.taken.size;
    const draining = (state.last - state.first) / 1000;
    const ok = delivered === EVENTS && state.bad === 0 && state.outOfOrder === 0;
    const lines = [
      `webhooks: ${fmt(EVENTS)} events over ${fmt(SUBJECTS)} subjects, ${WORKERS} workers, receiver refusing ${FAIL_RATE * 100} % of attempts`,
      `  drained in ${draining.toFixed(1)} s from the first attempt to the last (${fmt(Math.round(EVENTS / draining))} events/s); ${seconds.toFixed(1)} s with the workers' start`,
      `  ${fmt(state.attempts)} attempts, ${fmt(state.refused)} answered 500`,
      `  delivered ${fmt(delivered)} of ${fmt(EVENTS)}; events under two ids or bad signatures: ${state.bad}; out of order per subject: ${state.outOfOrder}`,
      `  workers: ${totals.map((t) => `${fmt(t.claimed)} claimed / ${fmt(t.delivered)} delivered / ${fmt(t.retried)} retried in ${fmt(t.passes)} passes`).join('; ')}`,
      `  ${ok ? 'PASS' : 'FAIL'}`,
    ];
    console.log(lines.join('\n'));
    return { ok, seconds, draining, attempts: state.attempts, refused: state.refused };
  } finally {
    receiver.close();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchWebhooks();
  process.exit(r.ok ? 0 : 1);
}
