// The fault tests' own world (`npm run test:faults`, README "Fault tests"): a PostgreSQL cluster made
// with initdb in a temporary folder, a redis-server, nginx with a generated configuration and the
// production server (the compiled `apps/server/dist/main.js`, as `npm run start:prod` runs it; setup.ts
// builds it once) as separate processes, all on ports of their own, so that stopping any of them touches
// nobody else's tests on this machine.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { openDatabase, type Db } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

export const root = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ports 3600-3699: each fault file its own block of ten. */
export function ports(block: number) {
  const base = 3600 + block * 10;
  return { postgres: base, redis: base + 1, nginx: base + 2, instances: [base + 3, base + 4, base + 5], smtp: base + 6 };
}

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rs-faults-${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
}

function postgresBin(): string {
  const versions = fs
    .readdirSync('/usr/lib/postgresql')
    .filter((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** initdb refuses root: as root the cluster belongs to the `postgres` user. */
function asPostgres(cmd: string, args: string[]): { cmd: string; args: string[] } {
  return process.getuid?.() === 0 ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
}

function run(cmd: string, args: string[], what: string) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A PostgreSQL cluster of our own (initdb + pg_ctl), trust authentication on 127.0.0.1:`port`. */
export class Postgres {
  readonly dir = tempDir('pg');
  private readonly bin = postgresBin();
  constructor(readonly port: number) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/rewards`;
  }

  async init() {
    if (process.getuid?.() === 0) run('chown', ['postgres:postgres', this.dir], 'chown');
    const data = path.join(this.dir, 'data');
    const init = asPostgres(`${this.bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    run(init.cmd, init.args, 'initdb');
    await this.start();
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` });
    await c.connect();
    await c.query('create database rewards');
    await c.end();
  }

  async start() {
    const opts = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=200',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    const start = asPostgres(`${this.bin}/pg_ctl`, [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      opts,
      'start',
    ]);
    run(start.cmd, start.args, 'pg_ctl start');
  }

  /** `fast`: every session is ended at once (what a restart by an operator does). */
  async stop(mode: 'fast' | 'immediate' = 'fast') {
    const stop = asPostgres(`${this.bin}/pg_ctl`, ['-D', path.join(this.dir, 'data'), '-w', '-m', mode, 'stop']);
    run(stop.cmd, stop.args, 'pg_ctl stop');
  }

  async destroy() {
    await this.stop('immediate').catch(() => undefined);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A redis-server of our own, without persistence. */
export class RedisServer {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      if (spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  }
  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

/** The nginx configuration of docs/deploy/nginx.conf with these ports, in a folder of its own. */
export function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  const template = fs.readFileSync(path.join(root, 'docs/deploy/nginx.conf'), 'utf8');
  const site = template
    .replace(/^\s*server 127\.0\.0\.1:3000 (.*);\n\s*server 127\.0\.0\.1:3001 .*;\n/m, (_, opts: string) =>
      upstreams.map((p) => `  server 127.0.0.1:${p} ${opts};\n`).join(''),
    )
    .replace('listen 80;', `listen 127.0.0.1:${listen};`);
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, t), { recursive: true });
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

/** nginx (Debian's package) in front of the instances, run in the foreground with our configuration. */
export class Nginx {
  readonly dir = tempDir('nginx');
  private child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    readonly upstreams: number[],
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    const conf = path.join(this.dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(this.dir, this.port, this.upstreams));
    run('nginx', ['-t', '-q', '-c', conf, '-p', this.dir], 'nginx -t');
    this.child = spawn('nginx', ['-c', conf, '-p', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 50; i++) {
      const up = await fetch(`${this.base}/nginx-up`).then(
        () => true,
        () => false,
      );
      if (up) return;
      await sleep(100);
    }
    throw new Error('nginx did not start');
  }
  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGQUIT');
    await exited;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One production server process (`node apps/server/dist/main.js`, as `npm run start:prod`). */
export class Instance {
  private child: ChildProcess | null = null;
  readonly log: string;
  private readonly dirs: string[] = [];
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.log = path.join(tempDir(`instance-${port}`), 'server.log');
    this.dirs.push(path.dirname(this.log));
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid() {
    return this.child?.pid;
  }
  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }
  async start(extraEnv: Record<string, string> = {}) {
    const out = fs.openSync(this.log, 'a');
    this.child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        SESSION_SECRET: 'fault-tests-only-secret-0123456789abcdefghij',
        ALLOW_BUNDLED_SIGN_IN: 'true',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: this.dataDir(),
        ...this.env,
        ...extraEnv,
      },
    });
    fs.closeSync(out);
    for (let i = 0; i < 240; i++) {
      if (!this.running) throw new Error(`instance ${this.port} exited at start:\n${this.tail()}`);
      const ok = await fetch(`${this.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(250);
    }
    throw new Error(`instance ${this.port} did not become healthy:\n${this.tail()}`);
  }
  private dataDir() {
    const dir = tempDir(`data-${this.port}`);
    this.dirs.push(dir);
    return dir;
  }
  /** Stops the process and removes its folders (its log too: print `tail()` before, when a test fails). */
  async remove() {
    await this.stop('SIGKILL');
    for (const dir of this.dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  tail(lines = 40) {
    return fs.existsSync(this.log) ? fs.readFileSync(this.log, 'utf8').split('\n').slice(-lines).join('\n') : '';
  }
  /** Sends `signal` and resolves when the process is gone (SIGKILL: at once; SIGTERM: after its graceful shutdown). */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}

/** An SMTP stand-in on 127.0.0.1:`port` that records each message's Message-ID and recipient. */
export class SmtpStandIn {
  received: { messageId: string; to: string; subject: string }[] = [];
  delayMs = 0;
  private server: SMTPServer | null = null;
  constructor(public port: number) {}
  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => {
        simpleParser(stream)
          .then(async (mail) => {
            if (this.delayMs) await sleep(this.delayMs);
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            this.received.push({ messageId: mail.messageId ?? '', to, subject: mail.subject ?? '' });
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A killed instance's kept-open SMTP connections are reset: a server notes it and goes on.
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

/**
 * Migrates and seeds the cluster's database: the demo stores, products and accounts, `shoppers`
 * shoppers of store 1 with ledger-backed points and `employees` more employees without points, and
 * API tokens for the shoppers, the store's administrator and the super administrator.
 */
export async function seed(url: string, opts: { shoppers?: number; employees?: number } = {}) {
  const database = await openDatabase({ url });
  const db: Db = database.db;
  try {
    await seedIfEmpty(db, { uploadsDir: path.join(os.tmpdir(), 'rs-faults-seed-uploads'), images: false });
    const shoppers = opts.shoppers ?? 0;
    if (shoppers) {
      await db.execute(sql`
        insert into users (email, name, last_name, store_id, points)
        select 'shopper-' || g || '@faults.test', 'Shopper', 'N' || g, 1, 1000000 from generate_series(1, ${shoppers}) g`);
      await db.execute(sql`
        insert into point_transactions (user_id, value, kind, description)
        select id, points, 'load', 'Fault test points' from users where email like 'shopper-%@faults.test'`);
    }
    if (opts.employees)
      await db.execute(sql`
        insert into users (email, name, last_name, store_id)
        select 'employee-' || g || '@faults.test', 'Employee', 'N' || g, 1 from generate_series(1, ${opts.employees}) g`);
    const ids = (await db.execute(sql`select id from users where email like 'shopper-%@faults.test' order by id`)).rows as { id: number }[];
    const tokenOf = async (userId: number) => (await createApiToken(db, { userId, name: 'faults', now: new Date() })).token;
    const userId = async (email: string) =>
      ((await db.execute(sql`select id from users where email = ${email}`)).rows[0] as { id: number }).id;
    const shopperTokens: string[] = [];
    for (const s of ids) shopperTokens.push(await tokenOf(s.id));
    // Stock enough for every order of the tests, through the stock ledger's one owner.
    await db.execute(sql`select count(rs_move_stock(id, 100000, 'Fault test stock', null, now())) from products where store_id = 1`);
    const products = (await db.execute(sql`select id, price from products where store_id = 1 and active order by price, id limit 20`))
      .rows as { id: number; price: number }[];
    const [reward] = (await db.execute(sql`select id from rewards where store_id = 1 and code = 'collaboration'`)).rows as { id: number }[];
    await db.execute(sql`analyze`);
    return {
      shoppers: ids.map((s, i) => ({ id: s.id, token: shopperTokens[i]! })),
      admin: { id: await userId('admin@rewards.test'), token: await tokenOf(await userId('admin@rewards.test')) },
      superAdmin: { id: await userId('super@rewards.test'), token: await tokenOf(await userId('super@rewards.test')) },
      products,
      rewardId: reward!.id,
    };
  } finally {
    await database.close();
  }
}

/**
 * The money invariants of apps/server/test/invariants.ts (balance = SUM(ledger), stock = SUM(movements),
 * nothing negative) and those of orders (total = its lines, one debit of its total each), as counts of
 * violations: all zero when they hold.
 */
export async function invariantViolations(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const checks: Record<string, string> = {
      'balance <> ledger': `select count(*)::int n from (select u.id from users u left join point_transactions pt on pt.user_id = u.id
                              group by u.id having u.points <> coalesce(sum(pt.value), 0)) x`,
      'stock <> movements': `select count(*)::int n from products p left join (select product_id, sum(delta) d from inventory_movements group by product_id) m
                              on m.product_id = p.id where p.stock <> coalesce(m.d, 0)`,
      'negative balance or stock': `select ((select count(*) from users where points < 0) + (select count(*) from products where stock < 0))::int n`,
      'order total <> its lines': `select count(*)::int n from (select o.id from orders o join order_lines l on l.order_id = o.id
                                    group by o.id having o.total <> sum(l.price * l.quantity)) x`,
      'order without its one debit': `select count(*)::int n from orders o where (select count(*) from point_transactions pt
                                       where pt.ref_type = 'order' and pt.ref_id = o.id and pt.value = -o.total) <> 1`,
    };
    const found: Record<string, number> = {};
    for (const [name, q] of Object.entries(checks)) found[name] = (await c.query(q)).rows[0].n;
    return found;
  } finally {
    await c.end();
  }
}

/** One query on the cluster's database. */
export async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export interface Outcome {
  status: number;
  body: unknown;
  ms: number;
  error?: string;
}

/** One HTTP request with a 30 s ceiling: a hang is reported as status 0 with `error: 'hung'`. */
export async function request(
  base: string,
  p: { method?: string; path: string; token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number },
): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}${p.path}`, {
      method: p.method ?? 'GET',
      headers: {
        ...(p.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(p.token ? { authorization: `Bearer ${p.token}` } : {}),
        ...p.headers,
      },
      body: p.body !== undefined ? JSON.stringify(p.body) : undefined,
      signal: AbortSignal.timeout(p.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, ms: Date.now() - started };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const hung = e.name === 'TimeoutError';
    return { status: 0, body: null, ms: Date.now() - started, error: hung ? 'hung' : (e.cause?.code ?? e.message) };
  }
}

/** The stable error code of an error answer (`{ statusCode, code, message, requestId }`). */
export const codeOf = (o: Outcome) => (o.body as { code?: string } | null)?.code;

/** Counts of outcomes by status (0: no answer). */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.status === 0 ? `no answer (${o.error})` : String(o.status);
    t[key] = (t[key] ?? 0) + 1;
  }
  return t;
}

/** The figures a fault prints: requests sent, acknowledged (2xx), failed, and whatever else it counted. */
export function report(fault: string, figures: Record<string, unknown>) {
  console.log(
    `\n== ${fault}\n${Object.entries(figures)
      .map(([k, v]) => `   ${k.padEnd(34)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('\n')}`,
  );
}

export { sleep };

/**
 * The production shape (docs/architecture.md A1): our PostgreSQL (seeded), our Redis, two instances of the server
 * behind our nginx (docs/deploy/nginx.conf). `stop()` ends every process it started.
 */
export async function startCluster(
  block: number,
  opts: { shoppers?: number; employees?: number; redis?: boolean; env?: Record<string, string> } = {},
) {
  const P = ports(block);
  const postgres = new Postgres(P.postgres);
  await postgres.init();
  const seeded = await seed(postgres.url, opts);
  const redis = opts.redis === false ? null : new RedisServer(P.redis);
  await redis?.start();
  const nginx = new Nginx(P.nginx, P.instances.slice(0, 2));
  const env = {
    DATABASE_URL: postgres.url,
    ...(redis ? { REDIS_URL: redis.url } : {}),
    PUBLIC_URL: nginx.base,
    TRUST_PROXY: '127.0.0.1',
    ...opts.env,
  };
  const instances = P.instances.slice(0, 2).map((port) => new Instance(port, env));
  await Promise.all(instances.map((i) => i.start()));
  await nginx.start();
  return {
    postgres,
    redis,
    nginx,
    instances,
    seeded,
    async stop() {
      await Promise.all(instances.map((i) => i.remove()));
      await nginx.stop();
      await redis?.stop();
      await postgres.destroy();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** An order of one or two cheap products for a shopper, with its Idempotency-Key. */
export function placeOrder(base: string, token: string, key: string, products: { id: number }[], n: number) {
  const first = products[n % products.length]!;
  const second = products[(n * 7 + 3) % products.length]!;
  const lines =
    first.id === second.id ? [{ productId: first.id, quantity: 1 }] : [first, second].map((p) => ({ productId: p.id, quantity: 1 }));
  return request(base, { method: 'POST', path: '/api/orders', token, headers: { 'idempotency-key': key }, body: { lines } });
}

/** The id of the order (or load) in a `{ data: { id } }` answer. */
export const dataId = (o: Outcome) => (o.body as { data?: { id?: number } } | null)?.data?.id;
