/**
 * Every operation of the OpenAPI document, sent generated malformed and boundary input as every role,
 * never answers 5xx, every error it answers is the JSON envelope
 * `{ statusCode, code, message, details?, requestId }` (docs/architecture.md A4), and every answer, success,
 * redirect or error, has a status and a content type the operation documents (decision 0025): the
 * document says what the server does.
 *
 * Inputs come from fast-check with a fixed seed (each operation and role has its own, derived from
 * its name, so adding a route does not reshuffle the others). All failures are collected, deduplicated
 * by method, path, status and code, and reported together at the end.
 *
 * Valid-looking values come from the rows of the database: the seed's catalogue, stores, recognitions and
 * banners give the pools their breadth (so they stay), and a little real traffic adds points, cart lines,
 * wishlist entries and orders, so that requests get past validation into the services. The callers are
 * this file's own users, with the balances it gives them. Order: reads,
 * writes, destructive operations (deletes, deactivations), operations that can end a caller's
 * credentials (role changes, token revocation), sign-out; so most requests meet existing rows.
 *
 * Rate limits: anonymous requests come from rotating client addresses (the sign-in and anonymous
 * write limits are per address and have their own tests); each signed-in role stays under its 600
 * writes a minute. The run prints how many requests it sent, by status class, and any 429s.
 */
import fc from 'fast-check';
import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@rewards/shared/products';
import * as s from '../src/db/schema/index.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';
import { createConnection } from '../src/modules/directory/connections.service.ts';
import { factories } from './factories.ts';
import { createTestApp, ORIGIN, png, type TestApp } from './harness.ts';
import {
  codeOf,
  contractProblem,
  describeInput,
  envelopeProblem,
  operationsOf,
  render,
  RequestGenerator,
  type Answer,
  type FileFixtures,
  type OpenApiDocument,
  type Operation,
  type RenderedRequest,
  type Wire,
} from './openapi-fuzz.ts';

const SEED = 8;
/** Generated requests per operation, for each role that may call it. */
const READ_RUNS = 16;
/**
 * Writes per operation and role: at most WRITE_RUNS, fewer when there are many write operations, so
 * that a signed-in role stays inside its 600 writes a minute (WRITE_BUDGET leaves room for the setup).
 */
const WRITE_RUNS = 12;
const WRITE_BUDGET = 540;
/** Requests per operation with forged credentials, and for a role the access check turns away before reading input. */
const FORGED_RUNS = 2;
const GATE_PROBES = 3;
/** Answers of the access check, which runs before the input is parsed. */
const GATE_CODES = new Set(['UNAUTHENTICATED', 'INVALID_TOKEN', 'SESSION_EXPIRED', 'FORBIDDEN']);

/** Which rows a parameter or field names: by field name, or for `{id}` by the path it is in. */
type PoolName =
  | 'stores'
  | 'categories'
  | 'products'
  | 'banners'
  | 'areas'
  | 'rewards'
  | 'loads'
  | 'challenges'
  | 'movements'
  | 'users'
  | 'orders'
  | 'cartLines'
  | 'wishlist'
  | 'images'
  | 'tokens'
  | 'notifications'
  | 'webhooks'
  | 'webhookDeliveries'
  | 'slugs';
const POOL_OF_FIELD: Record<string, PoolName> = {
  storeId: 'stores',
  adminStores: 'stores',
  categoryId: 'categories',
  productId: 'products',
  excludeId: 'products',
  userId: 'users',
  orderId: 'orders',
  ids: 'cartLines',
  removeImageIds: 'images',
  slug: 'slugs',
  areaId: 'areas',
  rewardId: 'rewards',
  loadId: 'loads',
  challengeId: 'challenges',
  userIds: 'users',
};
const POOL_OF_PATH: [RegExp, PoolName][] = [
  [/^\/api\/shoppingCart\/fromOrder\//, 'orders'],
  [/^\/api\/shoppingCart\//, 'cartLines'],
  [/^\/api\/wishlists\//, 'wishlist'],
  [/^\/api\/orders\//, 'orders'],
  [/^\/api\/inventor(y|ies)\//, 'movements'],
  [/^\/api\/(products|productsAuth|productAdmin)\//, 'products'],
  [/^\/api\/categories\//, 'categories'],
  [/^\/api\/banners\//, 'banners'],
  [/^\/api\/areas\//, 'areas'],
  [/^\/api\/rewards\//, 'rewards'],
  [/^\/api\/challenges\//, 'challenges'],
  [/^\/api\/loads\//, 'loads'],
  [/^\/api\/stores\//, 'stores'],
  [/^\/api\/users\/tokens\//, 'tokens'],
  [/^\/api\/notifications\//, 'notifications'],
  [/^\/api\/users\//, 'users'],
  [/^\/api\/webhooks\/deliveries\//, 'webhookDeliveries'],
  [/^\/api\/webhooks\//, 'webhooks'],
];
const TEXT_POOLS: Record<string, Wire[]> = {
  search: ['taza', 'mochila', 'café', 'a'],
  returnTo: ['/', '/catalogo?page=2', '//evil.example', 'https://evil.example/', '/\\evil.example'],
};

/** A caller: its name in the report and its credentials, used in turn. */
interface Actor {
  name: string;
  credentials: Record<string, string>[];
}

interface Failure {
  method: string;
  path: string;
  status: number;
  code: string;
  problem: string;
  url: string;
  body: string;
  input: string;
  roles: Set<string>;
  count: number;
}

/** FNV-1a: a stable seed per operation and role. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Reads, writes, destructive operations, then those that can end a caller's credentials (role changes, token revocation), then sign-out. */
function phaseOf(op: Operation): number {
  if (op.path === '/api/auth/logout') return 4;
  if (op.method === 'PUT' && /^\/api\/users\/\{[^}]+\}$/.test(op.path)) return 3;
  if (op.method === 'DELETE' && op.path.startsWith('/api/users/tokens/')) return 3;
  if (op.method === 'DELETE' || op.path.includes('/deactivate/')) return 2;
  return op.method === 'GET' ? 0 : 1;
}

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const increment = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/** What the run saw: answers by status class, writes and 429s by role, operations that ever succeeded, and the distinct failures. */
class Tally {
  sent = 0;
  readonly byClass: Record<string, number> = {};
  readonly writes: Record<string, number> = {};
  readonly rateLimited: Record<string, number> = {};
  readonly succeeded = new Set<string>();
  private readonly failures = new Map<string, Failure>();

  record(actor: Actor, op: { method: string; path: string }, request: RenderedRequest, input: string, answer: Answer): void {
    const status = answer.statusCode;
    this.sent++;
    increment(this.byClass, status === 0 ? 'no answer' : `${Math.floor(status / 100)}xx`);
    if (request.method !== 'GET') increment(this.writes, actor.name);
    if (status === 429) increment(this.rateLimited, actor.name);
    if (status >= 200 && status < 400) this.succeeded.add(`${op.method} ${op.path}`);
    const envelope = envelopeProblem(answer);
    const problem =
      status === 0 ? answer.body : status >= 500 ? `server error${envelope ? ` outside the envelope (${envelope})` : ''}` : envelope;
    if (!problem) return;
    const code = codeOf(answer) ?? '-';
    const key = `${op.method} ${op.path} ${status} ${code}${status >= 500 ? '' : ` ${problem}`}`;
    const known = this.failures.get(key);
    if (known) {
      known.count++;
      known.roles.add(actor.name);
      return;
    }
    this.failures.set(key, {
      method: op.method,
      path: op.path,
      status,
      code,
      problem,
      url: short(request.url, 200),
      body: short(answer.body, 300),
      input,
      roles: new Set([actor.name]),
      count: 1,
    });
  }

  /** One entry per distinct failure, with one input that reproduces it. */
  report(): string[] {
    return [...this.failures.values()]
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.status - b.status)
      .map(
        (f) =>
          `${f.status} ${f.method} ${f.path} [${f.code}] ${f.problem}: ${f.count}x as ${[...f.roles].join('/')}\n` +
          `    e.g. ${f.method} ${f.url}\n    input ${f.input || '(none)'}\n    answer ${f.body}`,
      );
  }
}

let t: TestApp;
let actors: Actor[];
/** The two shoppers: of the first store (a browser session), and of the second (a personal API token). */
const shoppers: number[] = [];
let files: FileFixtures;
const tally = new Tally();

beforeAll(async () => {
  t = await createTestApp();
  const make = factories(t);
  // The store of the first product outside the first store (the one the token's shopper orders).
  const [firstStore] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
  const [elsewhere] = await t.db
    .select({ storeId: s.products.storeId })
    .from(s.products)
    .where(ne(s.products.storeId, firstStore!.id))
    .orderBy(asc(s.products.id))
    .limit(1);
  const shopper = await make.shopper({ storeId: firstStore!.id });
  const other = await make.shopper({ storeId: elsewhere!.storeId });
  shoppers.push(shopper.id, other.id);
  const { token } = await createApiToken(t.db, { userId: other.id, name: 'api-fuzz', now: t.clock.now() });
  actors = [
    { name: 'anonymous', credentials: [ORIGIN] },
    {
      name: 'forged',
      credentials: [
        { ...ORIGIN, cookie: `rs_session=${'f'.repeat(43)}` },
        { authorization: `Bearer rs_${'f'.repeat(43)}` },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { ...ORIGIN, cookie: 'rs_session=%00%FF' },
      ],
    },
    { name: 'shopper', credentials: [shopper.headers] },
    // A shopper of the second store, through a personal API token (bearer, no Origin needed).
    { name: 'shopper-token', credentials: [{ authorization: `Bearer ${token}` }] },
    { name: 'store', credentials: [(await make.storeAccount({ storeId: firstStore!.id })).headers] },
    { name: 'admin', credentials: [(await make.admin({ stores: [firstStore!.id] })).headers] },
    { name: 'super', credentials: [(await make.superAdmin()).headers] },
  ];
  const picture = await png('#4f46e5', 8, 8);
  files = {
    png: { data: picture, type: 'image/png', filename: 'picture.png' },
    notImage: { data: Buffer.from('<script>alert(1)</script>'), type: 'image/png', filename: 'evil.png' },
    empty: { data: Buffer.alloc(0), type: 'image/png', filename: 'empty.png' },
    truncatedPng: { data: picture.subarray(0, 40), type: 'image/png', filename: 'cut.png' },
    svg: { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml', filename: 'x.svg' },
    oversized: { data: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1), type: 'image/png', filename: 'big.png' },
  };
});
afterAll(() => t?.close());

const actor = (name: string) => actors.find((a) => a.name === name)!;

/** Sends one request as one caller and tallies the answer. */
async function send(who: Actor, op: { method: string; path: string }, request: RenderedRequest, input: string): Promise<Answer> {
  const credentials = who.credentials[tally.sent % who.credentials.length]!;
  // Anonymous callers are told apart by address only: each request gets its own.
  const n = tally.sent;
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let answer: Answer;
  try {
    const res = await t.app.inject({ ...request, headers: { ...request.headers, ...credentials }, remoteAddress });
    answer = { statusCode: res.statusCode, headers: res.headers, body: res.body };
  } catch (err) {
    answer = { statusCode: 0, headers: {}, body: `inject rejected: ${(err as Error).message}` };
  }
  tally.record(who, op, request, input, answer);
  return answer;
}

/** A well-formed JSON request of the setup, checked like every other. */
function sendJson(who: string, method: 'POST', url: string, body: Record<string, unknown>): Promise<Answer> {
  const payload = JSON.stringify(body);
  return send(actor(who), { method, path: url }, { method, url, headers: { 'content-type': 'application/json' }, payload }, payload);
}

/** Points to spend, cart lines, wishlist entries and orders of both shoppers, so that their ids exist. */
async function realTraffic(products: number[], otherStoreProduct: number): Promise<void> {
  for (const userId of shoppers) {
    await sendJson('super', 'POST', '/api/users/points', { userId, value: 1_000_000, description: 'Fuzz budget' });
  }
  for (const productId of products.slice(0, 3)) await sendJson('shopper', 'POST', '/api/shoppingCart', { productId });
  await sendJson('shopper', 'POST', '/api/wishlists', { productId: products[3] });
  await sendJson('shopper', 'POST', '/api/orders', { lines: [{ productId: products[4], quantity: 1 }] });
  await sendJson('shopper-token', 'POST', '/api/shoppingCart', { productId: otherStoreProduct });
  await sendJson('shopper-token', 'POST', '/api/wishlists', { productId: otherStoreProduct });
  await sendJson('shopper-token', 'POST', '/api/orders', { lines: [{ productId: otherStoreProduct, quantity: 1 }] });
  await challengeTraffic();
  // A webhook endpoint of the first store (never delivered here: no worker runs) and a test event's delivery.
  const [firstStore] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
  const hook = await sendJson('admin', 'POST', '/api/webhooks', {
    storeId: firstStore!.id,
    url: 'https://hooks.example.com/fuzz',
    events: ['order.placed', 'points.credited'],
  });
  await sendJson('admin', 'POST', `/api/webhooks/${(JSON.parse(hook.body) as { data: { id: number } }).data.id}/test`, {});
}

/** Challenges of the first store (multiple choice, active and answered by the shopper; open-ended, inactive). */
async function challengeTraffic(): Promise<void> {
  const [store] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
  const now = t.clock.now().getTime();
  const dates = { startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 7 * 86_400_000).toISOString() };
  const base = { storeId: store!.id, description: 'Preguntas sobre el programa de puntos.', winners: 2, pointsPerWinner: 100, ...dates };
  const multiple = await sendJson('admin', 'POST', '/api/challenges', {
    ...base,
    title: 'Trivia del programa',
    type: 'multiple_choice',
    questions: [{ text: '¿Cuándo vencen los puntos?', options: [{ text: '16 de octubre', isCorrect: true }, { text: 'Nunca' }] }],
  });
  await sendJson('admin', 'POST', '/api/challenges', {
    ...base,
    title: 'Ideas de bienestar',
    type: 'open',
    questions: [{ text: '¿Qué propones?' }],
  });
  const challenge = JSON.parse(multiple.body).data as { id: number; questions: { id: number; options: { id: number }[] }[] };
  await send(
    actor('admin'),
    { method: 'PUT', path: '/api/challenges/activate/{id}' },
    { method: 'PUT', url: `/api/challenges/activate/${challenge.id}`, headers: {} },
    '',
  );
  const question = challenge.questions[0]!;
  await sendJson('shopper', 'POST', '/api/challenges/answers', {
    challengeId: challenge.id,
    values: [{ questionId: question.id, optionId: question.options[0]!.id }],
  });
}

/** Ids (and slugs) of existing rows, for valid-looking values. */
async function readPools(products: number[], firstStore: number): Promise<Record<PoolName, Wire[]>> {
  const db = t.db;
  const idsOf = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    stores: idsOf(await db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id))),
    products,
    categories: [
      ...idsOf(await db.select({ id: s.categories.id }).from(s.categories).orderBy(asc(s.categories.id)).limit(4)),
      ...idsOf(await db.select({ id: s.categories.id }).from(s.categories).where(ne(s.categories.storeId, firstStore)).limit(1)),
    ],
    banners: idsOf(await db.select({ id: s.banners.id }).from(s.banners).orderBy(asc(s.banners.id))),
    areas: idsOf(await db.select({ id: s.areas.id }).from(s.areas).orderBy(asc(s.areas.id))),
    rewards: idsOf(await db.select({ id: s.rewards.id }).from(s.rewards).orderBy(asc(s.rewards.id))),
    loads: idsOf(await db.select({ id: s.loads.id }).from(s.loads).orderBy(asc(s.loads.id))),
    challenges: idsOf(await db.select({ id: s.challenges.id }).from(s.challenges).orderBy(asc(s.challenges.id))),
    movements: idsOf(
      await db.select({ id: s.inventoryMovements.id }).from(s.inventoryMovements).orderBy(asc(s.inventoryMovements.id)).limit(4),
    ),
    users: idsOf(await db.select({ id: s.users.id }).from(s.users).orderBy(asc(s.users.id))),
    orders: idsOf(await db.select({ id: s.orders.id }).from(s.orders).orderBy(asc(s.orders.id))),
    cartLines: idsOf(await db.select({ id: s.cartItems.id }).from(s.cartItems).orderBy(asc(s.cartItems.id))),
    wishlist: idsOf(await db.select({ id: s.wishlistItems.id }).from(s.wishlistItems).orderBy(asc(s.wishlistItems.id))),
    images: idsOf(await db.select({ id: s.productImages.id }).from(s.productImages).orderBy(asc(s.productImages.id)).limit(4)),
    tokens: idsOf(await db.select({ id: s.apiTokens.id }).from(s.apiTokens).orderBy(asc(s.apiTokens.id))),
    notifications: idsOf(await db.select({ id: s.notifications.id }).from(s.notifications).orderBy(asc(s.notifications.id)).limit(6)),
    webhooks: idsOf(await db.select({ id: s.webhookEndpoints.id }).from(s.webhookEndpoints).orderBy(asc(s.webhookEndpoints.id))),
    webhookDeliveries: idsOf(
      await db.select({ id: s.webhookDeliveries.id }).from(s.webhookDeliveries).orderBy(asc(s.webhookDeliveries.id)).limit(4),
    ),
    slugs: [
      ...(await db.select({ slug: s.products.slug }).from(s.products).orderBy(asc(s.products.id)).limit(3)).map((r) => r.slug),
      ...(await db.select({ slug: s.categories.slug }).from(s.categories).orderBy(asc(s.categories.id)).limit(2)).map((r) => r.slug),
    ],
  };
}

describe('API fuzz (docs/architecture.md A4)', () => {
  it('holds answers to the document: a status or a content type the operation does not list is a failure', () => {
    const op = {
      responses: new Map<string, ReadonlySet<string> | null>([
        ['200', new Set(['application/json', 'application/pdf'])],
        ['302', null],
        ['400', new Set(['application/json'])],
        ['default', new Set(['application/json'])],
      ]),
    };
    const answer = (statusCode: number, type: string | undefined, body = '{}'): Answer => ({
      statusCode,
      headers: type ? { 'content-type': type } : {},
      body,
    });
    expect(contractProblem(op, answer(200, 'application/json; charset=utf-8'))).toBeUndefined();
    expect(contractProblem(op, answer(200, 'application/pdf'))).toBeUndefined();
    expect(contractProblem(op, answer(200, 'text/csv'))).toMatch(/content type "text\/csv"/);
    expect(contractProblem(op, answer(201, 'application/json'))).toMatch(/status 201 is not/);
    expect(contractProblem(op, answer(404, 'application/json'))).toMatch(/status 404 is not/);
    expect(contractProblem(op, answer(503, 'application/json'))).toBeUndefined();
    expect(contractProblem(op, answer(400, 'text/html'))).toMatch(/content type "text\/html"/);
    expect(contractProblem(op, answer(302, undefined, ''))).toBeUndefined();
    expect(contractProblem(op, answer(302, 'text/html', '<a>'))).toMatch(/lists none/);
  });

  it('answers every operation, as every role, with malformed and boundary input: never 5xx, errors always in the envelope', async () => {
    const started = Date.now();
    const [firstStore] = await t.db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id)).limit(1);
    const productsOf = async (own: boolean, limit: number) =>
      (
        await t.db
          .select({ id: s.products.id })
          .from(s.products)
          .where(own ? eq(s.products.storeId, firstStore!.id) : ne(s.products.storeId, firstStore!.id))
          .orderBy(asc(s.products.id))
          .limit(limit)
      ).map((r) => r.id);
    const products = [...(await productsOf(true, 6)), ...(await productsOf(false, 2))];
    await realTraffic(products, products[6]!);
    const pools = await readPools(products, firstStore!.id);
    const poolOf = (name: string, op: Operation): Wire[] | undefined => {
      const pool = name === 'id' ? POOL_OF_PATH.find(([pattern]) => pattern.test(op.path))?.[1] : POOL_OF_FIELD[name];
      const values = pool ? pools[pool] : TEXT_POOLS[name];
      return values?.length ? values : undefined;
    };

    const docResponse = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docResponse.statusCode).toBe(200);
    const operations = operationsOf(docResponse.json<OpenApiDocument>(), {
      include: (path) => path.startsWith('/api/') && !path.startsWith('/api/docs'),
    })
      .map((op, index) => ({ op, index }))
      .sort((a, b) => phaseOf(a.op) - phaseOf(b.op) || a.index - b.index)
      .map(({ op }) => op);
    expect(operations.length).toBeGreaterThan(50);
    const documented = new Set(operations.map((op) => `${op.method} ${op.path}`));
    const writeOperations = operations.filter((op) => op.method !== 'GET').length;
    const writeRuns = Math.max(4, Math.min(WRITE_RUNS, Math.floor(WRITE_BUDGET / writeOperations)));

    const generator = new RequestGenerator(poolOf);
    // A status or content type the operation does not document (decision 0025: what it can answer is in the document).
    const undocumented = new Map<string, string>();
    for (const op of operations) {
      for (const who of actors) {
        const runs = who.name === 'forged' ? FORGED_RUNS : op.method === 'GET' ? READ_RUNS : writeRuns;
        const inputs = fc.sample(generator.request(op), { seed: seedOf(`${SEED} ${op.method} ${op.path} ${who.name}`), numRuns: runs });
        let turnedAway = 0;
        for (const [i, input] of inputs.entries()) {
          const answer = await send(who, op, await render(op, input, files), describeInput(input));
          const code = codeOf(answer);
          const problem = contractProblem(op, answer);
          if (problem) undocumented.set(`${op.method} ${op.path}: ${problem}`, `${code ?? '-'} as ${who.name}`);
          if ((answer.statusCode === 401 || answer.statusCode === 403) && code && GATE_CODES.has(code)) turnedAway++;
          // The access check answered before reading any input: more of the same proves nothing.
          if (i + 1 === GATE_PROBES && turnedAway === GATE_PROBES) break;
        }
      }
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const classes = Object.entries(tally.byClass)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const neverSucceeded = [...documented].filter((key) => !tally.succeeded.has(key));
    console.log(
      [
        `api-fuzz: ${tally.sent} requests to ${operations.length} operations as ${actors.length} roles in ${seconds}s on ${t.database.kind}: ${classes}`,
        `api-fuzz: writes by role ${JSON.stringify(tally.writes)}; 429 answers ${JSON.stringify(tally.rateLimited)}`,
        `api-fuzz: ${neverSucceeded.length} operations never answered 2xx or 3xx: ${neverSucceeded.join(', ') || '-'}`,
      ].join('\n'),
    );

    const report = tally.report();
    for (const [key, example] of undocumented) report.push(`${key} (e.g. ${example})`);
    if (report.length) console.log(`api-fuzz: ${report.length} distinct failures\n${report.join('\n')}`);
    expect(report).toEqual([]);
  }, 300_000);

  it("answers every SCIM operation, with a connection's token and malformed and boundary input: never 5xx, errors in SCIM's format", async () => {
    const { token } = await createConnection(t.db, {
      name: 'Fuzz',
      days: 1,
      officeAttribute: 'organization',
      createdBy: null,
      now: t.clock.now(),
      scimUrl: 'x',
    });
    const docResponse = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operations = operationsOf(docResponse.json<OpenApiDocument>(), { include: (path) => path.startsWith('/scim/v2/') });
    expect(operations.length).toBe(11);
    const people = await t.db.select({ id: s.users.id }).from(s.users).orderBy(asc(s.users.id)).limit(6);
    const ids = [...people.map((p) => String(p.id)), 'User', 'urn:ietf:params:scim:schemas:core:2.0:User'];
    const generator = new RequestGenerator((name) => (name === 'id' ? ids : undefined));
    const problems = new Map<string, string>();
    let sent = 0;
    for (const op of operations) {
      const inputs = fc.sample(generator.request(op), { seed: seedOf(`${SEED} ${op.method} ${op.path} scim`), numRuns: READ_RUNS });
      for (const input of inputs) {
        const request = await render(op, input, files);
        const res = await t.app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
        sent++;
        const answer = { statusCode: res.statusCode, headers: res.headers, body: res.body };
        const where = `${op.method} ${op.path} ${res.statusCode}`;
        if (res.statusCode >= 500) problems.set(where, short(res.body, 300));
        const contract = contractProblem(op, answer);
        if (contract) problems.set(`${where}: ${contract}`, describeInput(input));
        if (res.statusCode >= 400) {
          const body = res.json<{ schemas?: string[]; status?: string; detail?: string }>();
          const scimError =
            String(res.headers['content-type']).startsWith('application/scim+json') &&
            body.schemas?.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
            body.status === String(res.statusCode) &&
            typeof body.detail === 'string';
          if (!scimError) problems.set(`${where}: not a SCIM error`, short(res.body, 300));
        }
      }
    }
    console.log(`api-fuzz: ${sent} SCIM requests to ${operations.length} operations; ${problems.size} distinct failures`);
    expect([...problems].map(([k, v]) => `${k} (${v})`)).toEqual([]);
  }, 120_000);
});
