// Directory benchmark (decision 0050, docs/architecture.md A6.18), on a scratch PostgreSQL database with the
// compiled production server listening on loopback, in three parts:
// 1. SCIM creates: 10,000 `POST /scim/v2/Users` (application/scim+json, a directory connection's bearer token
//    from `POST /api/directory/connections`), 20 at a time, each a new person with an externalId, a work e-mail,
//    an employee number, a department and an office (the enterprise extension's organization: a demo store's
//    title or site code). Afterwards exactly 10,000 new people, each in the store named. Target: p95 <= 300 ms.
// 2. The same 10,000 creates again: the same person sent again is an update, so each answers 200, no 5xx, and
//    there are still 10,000 people.
// 3. A sync file of 50,000 rows (CSV: email, name, last name, IS, office, department, manager e-mail, active,
//    hire date): the 10,000 people of SCIM (every one changed: a manager and a hire date they did not have, a
//    tenth another department, a hundred made inactive) and 40,000 new ones, a manager each (the first of every
//    50). Posted as a super administrator (a personal API token, made by the service of `npm run admin --
//    token`) to `POST /api/directory/sync?dryRun=true`, then `?dryRun=false`: seconds of each and the server's
//    memory growth (VmRSS before, the peak during: VmRSS sampled every 100 ms and VmHWM, reset before each
//    request through /proc/<pid>/clear_refs where the kernel allows it). Targets: dry run <= 10 s, apply <= 30 s,
//    growth <= 150 MB each; the report's counts and the people afterwards as the file says. Then the same file's
//    dry run once more, everyone in it now as it says (no target: the daily sync of an unchanged directory).
// `node bench/directory.mjs` runs it alone (BENCH_DATABASE_URL as the others; BENCH_DIRECTORY_PEOPLE and
// BENCH_DIRECTORY_ROWS make a smaller world for a quick try: such a run does not measure the targets).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { loadAverage, runSeed, scratchDatabase, startServer } from './lib.mjs';

const port = Number(process.env.BENCH_DIRECTORY_PORT ?? 3480);
const PEOPLE = Number(process.env.BENCH_DIRECTORY_PEOPLE ?? 10_000);
const ROWS = Number(process.env.BENCH_DIRECTORY_ROWS ?? 50_000);
const CONCURRENCY = 20;
const SCIM_P95_MS = 300;
const DRY_RUN_S = 10;
const APPLY_S = 30;
const GROWTH_MB = 150;
const SAMPLE_MS = 100;
/** People per manager in the sync file: the first of every group manages the others. */
const TEAM = 50;
const DOMAIN = 'bench.test';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const DEPARTMENTS = ['Sales', 'Marketing', 'Finance', 'Operations', 'People', 'Engineering', 'Legal', 'Support'];

const fmt = (n) => n.toLocaleString('en-US');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const email = (n) => `p${n}@${DOMAIN}`;
const givenName = (n) => `Nombre${n}`;
const familyName = (n) => `Apellido ${n}`;
/** Person n's office: the stores in turn, named by title or by site code (both are matched). */
const officeOf = (stores, n) => {
  const store = stores[n % stores.length];
  return { store, name: n % 2 === 0 || !store.sedeId ? store.title : store.sedeId };
};

/** The SCIM User a directory sends for person n. */
function scimUser(stores, n) {
  return JSON.stringify({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
    externalId: `ext-${n}`,
    userName: email(n),
    name: { givenName: givenName(n), familyName: familyName(n) },
    emails: [{ value: email(n), type: 'work', primary: true }],
    active: true,
    [ENTERPRISE]: { employeeNumber: `E${n}`, department: 'Sales', organization: officeOf(stores, n).name },
  });
}

/** One row of the sync file for person n: the SCIM people (n <= PEOPLE) changed, the others new. */
function syncRow(stores, n) {
  const leader = Math.floor((n - 1) / TEAM) * TEAM + 1;
  const existing = n <= PEOPLE;
  const department = existing ? (n % 10 === 0 ? 'Marketing' : 'Sales') : DEPARTMENTS[n % DEPARTMENTS.length];
  const active = existing && n % 100 === 37 ? 'false' : 'true';
  const hired = new Date(Date.UTC(2015, 0, 1) + ((n * 53) % 3650) * 86_400_000).toISOString().slice(0, 10);
  const cells = [email(n), givenName(n), familyName(n), `E${n}`, officeOf(stores, n).name, department];
  cells.push(n === leader ? '' : email(leader), active, hired);
  return cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
}

function syncFile(stores) {
  const lines = ['email,name,last name,IS,office,department,manager e-mail,active,hire date'];
  for (let n = 1; n <= ROWS; n++) lines.push(syncRow(stores, n));
  return `${lines.join('\n')}\n`;
}

/** What the file should do: created, updated (changed), made inactive, and the managers set. */
function expectedSync() {
  const existing = Math.min(PEOPLE, ROWS);
  let inactive = 0;
  for (let n = 37; n <= existing; n += 100) inactive++;
  return { created: ROWS - existing, updated: existing, inactive, managed: ROWS - Math.ceil(ROWS / TEAM) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request on the keep-alive agent: status, milliseconds until the whole answer was read, and the answer. */
function request(base, method, path, headers, body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(new URL(path, base), { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: err.message }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: err.message }));
    req.end(body);
  });
}

/** `count` requests, CONCURRENCY at a time; latencies, statuses and the whole run's seconds. */
async function concurrently(count, send) {
  const latencies = new Array(count);
  const statuses = {};
  const samples = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const r = await send(i);
      latencies[i] = r.ms;
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      // One answer of each unexpected status, to say what went wrong.
      if ((r.status === 0 || r.status >= 300) && !samples[r.status]) samples[r.status] = (r.error ?? r.body ?? '').slice(0, 300);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    rps: count / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    statuses,
    samples,
  };
}

const status = (pid) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)[1]);

/**
 * Runs `work` while watching the server's memory: VmRSS before, the highest VmRSS of samples every 100 ms, and
 * VmHWM (the kernel's own peak, which sees between samples) when it could be reset to the current size first.
 */
async function withMemory(pid, work) {
  let hwmReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    hwmReset = true;
  } catch {
    // Not allowed here (an older kernel, another user): the samples alone.
  }
  const before = kb(status(pid), 'VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, kb(status(pid), 'VmRSS'));
    } catch {
      // The server went away: the request fails and says so.
    }
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const after = status(pid);
    peak = Math.max(peak, kb(after, 'VmRSS'));
    const hwm = hwmReset ? kb(after, 'VmHWM') : null;
    const top = Math.max(peak, hwm ?? 0);
    return {
      result,
      seconds,
      beforeMb: before / 1024,
      peakMb: top / 1024,
      growthMb: (top - before) / 1024,
      sampledMb: peak / 1024,
      hwmReset,
    };
  } finally {
    clearInterval(timer);
  }
}

async function postSync(base, token, csv, dryRun) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'directory.csv');
  const res = await fetch(`${base}/api/directory/sync?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  // The sync's route not in this tree yet: the SCIM parts alone.
  if (res.status === 404 && text.includes('ROUTE_NOT_FOUND')) return null;
  if (!res.ok) throw new Error(`sync (dryRun=${dryRun}) answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text).data;
}

/** The bench's people as the database has them. */
async function people(db) {
  const { rows } = await db.query(
    `select count(*)::int as n, count(*) filter (where active = 1)::int as active,
       count(*) filter (where manager_id is not null)::int as managed
     from users where email like $1`,
    [`%@${DOMAIN}`],
  );
  return rows[0];
}

/** The SCIM people whose store, employee number and externalId are not the ones sent. */
async function misplaced(db, stores) {
  const expected = [];
  for (let n = 1; n <= PEOPLE; n++) expected.push(officeOf(stores, n).store.id);
  const { rows } = await db.query(
    `select count(*)::int as n from users u
       join unnest($1::int[]) with ordinality as e(store_id, n) on u.email = 'p' || e.n || '@${DOMAIN}'
     where u.store_id is distinct from e.store_id or u."is" is distinct from 'E' || e.n or u.external_id is distinct from 'ext-' || e.n`,
    [expected],
  );
  return rows[0].n;
}

export async function benchDirectory() {
  const small = PEOPLE < 10_000 || ROWS < 50_000;
  console.log(
    `\nDirectory: ${fmt(PEOPLE)} SCIM creates and their replay at ${CONCURRENCY} concurrent, a ${fmt(ROWS)}-row sync file (PostgreSQL)…`,
  );
  console.log(`  load average at start ${loadAverage()} (${os.cpus().length} cores)`);
  const database = await scratchDatabase(`rs_bench_directory_${process.pid}`);
  const db = new pg.Client({ connectionString: database.url });
  let server;
  const rows = [];
  const row = (name, measured, target, ok, note = '') => rows.push({ name, measured, target, ok, note });
  try {
    const { token, stores } = JSON.parse(runSeed('apps/server/bench/seed-directory.ts', database.url));
    await db.connect();
    server = await startServer({ dbUrl: database.url, port });
    const base = server.base;
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const connection = await request(base, 'POST', '/api/directory/connections', admin, JSON.stringify({ name: 'Bench directory' }));
    if (connection.status !== 201) {
      row('directory connection', `answered ${connection.status}`, '201', false, connection.body.slice(0, 200));
      return false;
    }
    const scimToken = JSON.parse(connection.body).data.token;
    const scimHeaders = { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' };
    const bodies = Array.from({ length: PEOPLE }, (_, i) => scimUser(stores, i + 1));

    // 1. Creates.
    const before = await people(db);
    const created = await concurrently(PEOPLE, (i) => request(base, 'POST', '/scim/v2/Users', scimHeaders, bodies[i]));
    const afterCreates = await people(db);
    const wrong = await misplaced(db, stores);
    const createsOk = created.statuses[201] === PEOPLE && afterCreates.n - before.n === PEOPLE && wrong === 0;
    row(
      `SCIM create, ${fmt(PEOPLE)} at ${CONCURRENCY} concurrent, p95`,
      `${created.p95.toFixed(0)} ms`,
      `<= ${SCIM_P95_MS} ms`,
      created.p95 <= SCIM_P95_MS && createsOk,
      `p50 ${created.p50.toFixed(0)}, p99 ${created.p99.toFixed(0)}, max ${created.max.toFixed(0)} ms; ${created.rps.toFixed(0)}/s (${created.seconds.toFixed(1)} s)`,
    );
    row(
      'SCIM create: answers, new people',
      `${JSON.stringify(created.statuses)}; ${fmt(afterCreates.n - before.n)} new, ${wrong} not as sent`,
      `all 201; ${fmt(PEOPLE)} new, 0 not as sent`,
      createsOk,
      Object.keys(created.samples).length ? JSON.stringify(created.samples) : '',
    );

    // 2. The same creates again: updates of the same people.
    const replayed = await concurrently(PEOPLE, (i) => request(base, 'POST', '/scim/v2/Users', scimHeaders, bodies[i]));
    const afterReplay = await people(db);
    const serverErrors = Object.entries(replayed.statuses).reduce((n, [s, c]) => (Number(s) >= 500 || s === '0' ? n + c : n), 0);
    const replayOk = replayed.statuses[200] === PEOPLE && serverErrors === 0 && afterReplay.n === afterCreates.n;
    row(
      `SCIM replay of the ${fmt(PEOPLE)} creates, p95`,
      `${replayed.p95.toFixed(0)} ms`,
      '(no target)',
      null,
      `p50 ${replayed.p50.toFixed(0)}, p99 ${replayed.p99.toFixed(0)}, max ${replayed.max.toFixed(0)} ms; ${replayed.rps.toFixed(0)}/s (${replayed.seconds.toFixed(1)} s)`,
    );
    row(
      'SCIM replay: answers, people',
      `${JSON.stringify(replayed.statuses)}; ${fmt(afterReplay.n - before.n)} people`,
      `all 200, no 5xx; ${fmt(PEOPLE)}`,
      replayOk,
      Object.keys(replayed.samples).length ? JSON.stringify(replayed.samples) : '',
    );

    // 3. The sync file: dry run, apply, and the dry run of a directory that is now as the file says.
    const csv = syncFile(stores);
    const want = expectedSync();
    // What the creates left (dead rows, statistics) settled, as a directory that has lived a while.
    await db.query('vacuum analyze');
    await sleep(1000);
    const dry = await withMemory(server.pid, () => postSync(base, token, csv, true));
    if (!dry.result) {
      row('sync', 'not in this tree yet', '(part skipped)', false);
      return false;
    }
    const afterDry = await people(db);
    const dryReport = dry.result;
    const dryCounts = `${fmt(dryReport.created.length)} to create, ${fmt(dryReport.updated.length)} to update, ${fmt(dryReport.unchanged)} unchanged, ${dryReport.errors.length} errors`;
    const dryOk =
      dryReport.created.length === want.created &&
      dryReport.updated.length === want.updated &&
      dryReport.errors.length === 0 &&
      afterDry.n === afterReplay.n;
    row(
      `sync dry run, ${fmt(ROWS)} rows (${(csv.length / 1048576).toFixed(1)} MB CSV)`,
      `${dry.seconds.toFixed(1)} s`,
      `<= ${DRY_RUN_S} s`,
      dry.seconds <= DRY_RUN_S && dryOk,
      `${dryCounts}${afterDry.n === afterReplay.n ? '' : `; the database changed: ${afterDry.n} people`}${dryReport.errors.length ? `; first error ${JSON.stringify(dryReport.errors[0])}` : ''}`,
    );
    row(
      'sync dry run, server memory growth',
      `${dry.growthMb.toFixed(0)} MB`,
      `<= ${GROWTH_MB} MB`,
      dry.growthMb <= GROWTH_MB,
      memoryNote(dry),
    );

    const applied = await withMemory(server.pid, () => postSync(base, token, csv, false));
    const afterApply = await people(db);
    const report = applied.result;
    const applyOk =
      report.created.length === want.created &&
      report.updated.length === want.updated &&
      report.errors.length === 0 &&
      afterApply.n === ROWS &&
      afterApply.active === ROWS - want.inactive &&
      afterApply.managed === want.managed;
    row(
      `sync apply, ${fmt(ROWS)} rows`,
      `${applied.seconds.toFixed(1)} s`,
      `<= ${APPLY_S} s`,
      applied.seconds <= APPLY_S && applyOk,
      `${fmt(report.created.length)} created, ${fmt(report.updated.length)} updated, ${fmt(report.unchanged)} unchanged, ${report.errors.length} errors`,
    );
    row(
      'sync apply, server memory growth',
      `${applied.growthMb.toFixed(0)} MB`,
      `<= ${GROWTH_MB} MB`,
      applied.growthMb <= GROWTH_MB,
      memoryNote(applied),
    );
    row(
      'people after the apply: all, active, with a manager',
      `${fmt(afterApply.n)}, ${fmt(afterApply.active)}, ${fmt(afterApply.managed)}`,
      `${fmt(ROWS)}, ${fmt(ROWS - want.inactive)}, ${fmt(want.managed)}`,
      applyOk,
    );

    const again = await withMemory(server.pid, () => postSync(base, token, csv, true));
    row(
      'sync dry run again, everyone as the file says',
      `${again.seconds.toFixed(1)} s`,
      '(no target)',
      null,
      `${fmt(again.result.unchanged)} unchanged, ${fmt(again.result.created.length + again.result.updated.length)} changes, ${again.result.errors.length} errors; growth ${again.growthMb.toFixed(0)} MB`,
    );
  } finally {
    server?.stop();
    await sleep(500);
    await db.end().catch(() => undefined);
    await database.drop();
    agent.destroy();

    console.log(
      `\nDirectory (PostgreSQL, compiled server on loopback, ${os.cpus().length} cores; SCIM at ${CONCURRENCY} concurrent; memory: VmRSS every ${SAMPLE_MS} ms and VmHWM):`,
    );
    const w = [
      Math.max(6, ...rows.map((r) => r.name.length)),
      Math.max(8, ...rows.map((r) => r.measured.length)),
      Math.max(6, ...rows.map((r) => r.target.length)),
    ];
    console.log(`${'figure'.padEnd(w[0])}  ${'measured'.padEnd(w[1])}  ${'target'.padEnd(w[2])}`);
    for (const r of rows)
      console.log(
        `${r.name.padEnd(w[0])}  ${r.measured.padEnd(w[1])}  ${r.target.padEnd(w[2])}  ${r.ok === null ? '  ' : r.ok ? 'ok' : 'MISSED'}${r.note ? `  (${r.note})` : ''}`,
      );
    console.log(
      `  load average at end ${loadAverage()}${small ? '; a smaller world than the targets are set for: not a measurement' : ''}`,
    );
  }
  return !small && rows.length > 0 && rows.every((r) => r.ok !== false);
}

function memoryNote(m) {
  return `RSS ${m.beforeMb.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB (sampled ${m.sampledMb.toFixed(0)}${m.hwmReset ? ', VmHWM reset before' : ', VmHWM not resettable: samples only'})`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await benchDirectory()) ? 0 : 1;
