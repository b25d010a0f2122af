// Bulk-load benchmark (decision 0005): 200,000 employees on PostgreSQL, then one load of 100,000 e-mails as
// the web sends it: the review in requests of 5,000 (LOAD_REVIEW_CHUNK), the confirm in one request; a
// second load (confirm only) credits the other 100,000, then the streamed export of the store's 200,000
// consolidated rows (XLSX and CSV). For each step: seconds and the server's peak memory (RSS, sampled
// every 20 ms). In the same run, the database's own floor: a plain COPY of 100,000 rows shaped like the
// consolidated rows into a scratch table (psql's timing).
// Targets: review + confirm <= 10 x COPY; each export of 200,000 rows grows the server by at most 60 MB
// (constant memory); no invariant violation (balance = SUM(ledger), one ledger row, consolidated row and
// notification per receiver). `node bench/loads.mjs` runs this part alone.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_LOADS_PORT ?? 3402);
const EMPLOYEES = Number(process.env.BENCH_LOADS_EMPLOYEES ?? 100_000);
/** Consolidated rows the export reads: the measured load and a second one of the other employees. */
const EXPORT_ROWS = Number(process.env.BENCH_LOADS_EXPORT_ROWS ?? 200_000);
const EXPORT_TARGET_MB = 60;
const CHUNK = 5_000;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Runs `work`, answering its seconds and the peak RSS seen meanwhile. */
async function measured(pid, work) {
  let peak = rssMb(pid);
  const before = peak;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = process.hrtime.bigint();
  try {
    const result = await work();
    return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, before, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** psql's own timing of COPY ... FROM STDIN of `rows` lines, in seconds. */
function copySeconds(dbUrl, rows) {
  const script = `\\timing on\nCOPY bench_copy FROM STDIN;\n${rows}\\.\n`;
  const out = execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', dbUrl], {
    input: script,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const time = /Time: ([\d.]+) ms/.exec(out);
  if (!time) throw new Error(`psql timing not understood:\n${out}`);
  return Number(time[1]) / 1000;
}

async function copyFloor(dbUrl, emails) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    'create table bench_copy (load_id integer, user_id integer, reward_id integer, email text, points integer, receiver_store_id integer, created_at timestamptz)',
  );
  await db.end();
  const now = new Date().toISOString();
  const rows = emails.map((e, i) => `1\t${i + 1}\t1\t${e}\t500\t1\t${now}\n`).join('');
  const runs = [copySeconds(dbUrl, rows), copySeconds(dbUrl, rows), copySeconds(dbUrl, rows)];
  return runs.sort((a, b) => a - b)[1];
}

async function violations(dbUrl, loadId) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const n = async (q, params = []) => (await db.query(q, params)).rows[0].n;
    return {
      'balance <> ledger':
        await n(`select count(*)::int n from (select u.id from users u left join point_transactions pt on pt.user_id = u.id
                                   group by u.id having u.points <> coalesce(sum(pt.value), 0)) x`),
      'negative balance': await n('select count(*)::int n from users where points < 0'),
      'receivers without one ledger row': await n(
        `select count(*)::int n from load_entries le left join (select user_id, count(*) c from point_transactions
           where ref_type = 'load' and ref_id = $1 group by user_id) pt on pt.user_id = le.user_id
         where le.load_id = $1 and coalesce(pt.c, 0) <> 1`,
        [loadId],
      ),
      'consolidated rows <> receivers': await n(
        'select abs((select count(*) from load_entries where load_id = $1) - (select receivers from loads where id = $1))::int n',
        [loadId],
      ),
      'notifications <> receivers': await n(
        `select abs((select count(*) from notifications where item_type = 'points')
                    - (select sum(receivers) from loads where reason like 'Benchmark load%'))::int n`,
      ),
    };
  } finally {
    await db.end();
  }
}

/** The consolidated rows of a store's loads: what its export holds. */
async function storeRows(dbUrl, storeId) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query('select count(*)::int n from load_entries le join loads l on l.id = le.load_id where l.store_id = $1', [
      storeId,
    ]);
    return rows[0].n;
  } finally {
    await db.end();
  }
}

/** Reads a streamed answer to the end without keeping it; answers its bytes and lines. */
async function drain(res) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { bytes, lines };
}

export async function benchLoads() {
  console.log(`\nLoads: seeding ${Math.max(EMPLOYEES, EXPORT_ROWS).toLocaleString('en-US')} employees on PostgreSQL…`);
  const database = await scratchDatabase(`rs_bench_loads_${process.pid}`);
  let server;
  try {
    const seeded = Math.max(EMPLOYEES, EXPORT_ROWS);
    const { token, storeId, rewardId } = JSON.parse(runSeed('apps/server/bench/seed-loads.ts', database.url, String(seeded)));
    const emails = Array.from({ length: EMPLOYEES }, (_, i) => `employee${i + 1}@loads.bench`);
    const copy = await copyFloor(database.url, emails);

    // An accrual window that is open today, whatever today is (from today to two days before it next year).
    const md = (d) => d.toISOString().slice(5, 10);
    const today = new Date();
    const yesterday = new Date(today.getTime() - 2 * 86_400_000);
    server = await startServer({
      dbUrl: database.url,
      port,
      env: { PROGRAM_ACCRUAL_START: md(today), PROGRAM_ACCRUAL_END: md(yesterday), PROGRAM_REDEMPTION_END: md(yesterday) },
    });
    const pid = server.pid;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path, body, extra = {}) => {
      const res = await fetch(server.base + path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    // Warm-up: JIT, connections, plans (a review of a few e-mails).
    await post('/api/loads/review', { storeId, rewardId, emails: emails.slice(0, 100) });

    const review = await measured(pid, async () => {
      let correct = 0;
      for (let start = 0; start < emails.length; start += CHUNK) {
        const data = await post('/api/loads/review', { storeId, rewardId, emails: emails.slice(start, start + CHUNK) });
        correct += data.correct.length;
      }
      return correct;
    });
    const confirm = await measured(pid, () =>
      post('/api/loads', { storeId, rewardId, reason: 'Benchmark load', emails }, { 'idempotency-key': randomUUID() }),
    );
    const load = confirm.result;
    // The other employees, in loads of at most 100,000 (not measured): the export then reads EXPORT_ROWS rows.
    for (let start = EMPLOYEES; start < seeded; start += 100_000) {
      const more = Array.from({ length: Math.min(100_000, seeded - start) }, (_, i) => `employee${start + i + 1}@loads.bench`);
      await post(
        '/api/loads',
        { storeId, rewardId, reason: 'Benchmark load, more rows', emails: more },
        { 'idempotency-key': randomUUID() },
      );
    }
    const exported = await storeRows(database.url, storeId);
    const exportOf = (format) =>
      measured(pid, async () => {
        const res = await fetch(`${server.base}/api/loads/consolidated/export?storeId=${storeId}&format=${format}`, { headers });
        if (!res.ok) throw new Error(`export answered ${res.status}`);
        return drain(res);
      });
    // The confirm's after-effects (every instance pushing 100,000 notifications to its sockets) run after its
    // answer; let them settle so the export's memory is the export's.
    const settle = await measured(pid, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
    const xlsx = await exportOf('xlsx');
    const csv = await exportOf('csv');
    server.stop();
    server = undefined;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const found = await violations(database.url, load.id);
    const broken = Object.values(found).reduce((a, b) => a + b, 0);

    const reviewConfirm = review.seconds + confirm.seconds;
    const ratio = reviewConfirm / copy;
    const growth = Math.max(xlsx.peak - xlsx.before, csv.peak - csv.before);
    const ok =
      review.result === EMPLOYEES &&
      load.receivers === EMPLOYEES &&
      ratio <= 10 &&
      growth <= EXPORT_TARGET_MB &&
      broken === 0 &&
      csv.result.lines === exported + 1;
    const row = (name, r, note = '') =>
      console.log(
        `${name.padEnd(44)} ${r.seconds.toFixed(2).padStart(7)} ${r.before.toFixed(0).padStart(10)} ${r.peak.toFixed(0).padStart(9)} ${(r.peak - r.before).toFixed(0).padStart(8)}   ${note}`,
      );
    console.log(`\nLoads (${EMPLOYEES.toLocaleString('en-US')} e-mails, one load, PostgreSQL):`);
    console.log('step                                         seconds  RSS before  RSS peak  growth MB');
    console.log(
      `${'COPY of 100,000 comparable rows (psql)'.padEnd(44)} ${copy.toFixed(2).padStart(7)}          -         -        -   (median of 3, the floor)`,
    );
    row(`review (${Math.ceil(EMPLOYEES / CHUNK)} requests of ${CHUNK.toLocaleString('en-US')})`, review, `${review.result} correct`);
    row('confirm (one request, one statement)', confirm, `${load.receivers} credited`);
    row('3 s after the confirm (realtime fan-out)', settle, 'not part of any request');
    const rowsNote = `${exported.toLocaleString('en-US')} rows`;
    row('export XLSX (streamed)', xlsx, `${(xlsx.result.bytes / 1024 / 1024).toFixed(1)} MB, ${rowsNote}`);
    row('export CSV (streamed)', csv, `${(csv.result.bytes / 1024 / 1024).toFixed(1)} MB, ${csv.result.lines - 1} rows`);
    console.log(
      `review + confirm = ${reviewConfirm.toFixed(2)} s = ${ratio.toFixed(1)} x COPY (target <= 10); export of ${rowsNote}: growth XLSX ${(xlsx.peak - xlsx.before).toFixed(0)} MB, CSV ${(csv.peak - csv.before).toFixed(0)} MB (target <= ${EXPORT_TARGET_MB}); invariants: ${broken === 0 ? 'no violation' : `VIOLATED ${JSON.stringify(found)}`} ${ok ? 'ok' : 'MISSED'}`,
    );
    return ok;
  } finally {
    server?.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchLoads()) ? 0 : 1;
