/**
 * Strict input (docs/architecture.md A4, docs/decisions/0044-strict-input.md), through real routes: in a
 * JSON body an id, a quantity or an amount is a JSON integer (no string, boolean, fraction or exponent
 * text); in a query string, a path or a multipart field a number is its decimal digits and nothing else;
 * a JSON body is UTF-8. What is refused is 400 VALIDATION_FAILED naming the field (415 for another charset)
 * and changes nothing; the same requests with good values still work.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { factories, type FactoryUser } from './factories.ts';
import { createTestApp, multipart, png, type TestApp } from './harness.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let store: { id: number };
let shopper: FactoryUser;
let admin: FactoryUser;

beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  // A store of its own: nothing of the demo data (an active challenge, say) is in the way.
  store = await make.store();
  shopper = await make.shopper({ storeId: store.id, points: 100_000 });
  admin = await make.admin({ stores: [store.id] });
});
afterAll(() => t?.close());

/** What a lenient parser once read as a number (true as 1, "0x10" as 16, "1e3" as 1000): none is a JSON integer. */
const NOT_JSON_INTEGERS: unknown[] = [true, false, null, '1', '16', '0x10', '1e3', ' 7 ', '', 1.5, -0.5, [1], { n: 1 }];
/** What a lenient parser once read as a number in a query string, a path or a form field. */
const NOT_DECIMAL_TEXT = ['0x10', '1e3', '%207', '+1', '1.5', 'true', '1_000', 'Infinity', '%D9%A3'];

type Method = 'GET' | 'POST' | 'PUT';

function send(method: Method, url: string, who: FactoryUser, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A 400 VALIDATION_FAILED whose details name `field`. */
function expectRefused(res: LightMyRequestResponse, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json<{ code: string; details: { field: string }[] }>();
  expect(body.code, what).toBe('VALIDATION_FAILED');
  expect(
    body.details.map((d) => d.field),
    what,
  ).toContain(field);
}

const idempotent = () => ({ 'idempotency-key': randomUUID() });

describe('JSON bodies take JSON integers only', () => {
  it('cart: `{"productId": true}` adds nothing (once product 1), nor "0x10", nor a quantity "1e3"', async () => {
    const product = await make.product({ storeId: store.id, stock: 10 });
    for (const bad of NOT_JSON_INTEGERS) {
      expectRefused(
        await send('POST', '/api/shoppingCart', shopper, { productId: bad }),
        'body.productId',
        `productId ${JSON.stringify(bad)}`,
      );
      expectRefused(
        await send('POST', '/api/shoppingCart', shopper, { productId: product.id, quantity: bad }),
        'body.quantity',
        `quantity ${JSON.stringify(bad)}`,
      );
    }
    const cart = await send('GET', '/api/shoppingCart', shopper);
    expect(cart.json().data).toEqual([]);

    const added = await send('POST', '/api/shoppingCart', shopper, { productId: product.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const lineId = added.json().data.id as number;
    for (const bad of NOT_JSON_INTEGERS) {
      expectRefused(
        await send('PUT', `/api/shoppingCart/${lineId}`, shopper, { quantity: bad }),
        'body.quantity',
        `update ${JSON.stringify(bad)}`,
      );
    }
    const updated = await send('PUT', `/api/shoppingCart/${lineId}`, shopper, { quantity: 3 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await send('GET', '/api/shoppingCart', shopper)).json().data).toMatchObject([{ productId: product.id, quantity: 3 }]);
  });

  it('wishlist: the product id is a JSON integer', async () => {
    const product = await make.product({ storeId: store.id, stock: 1 });
    for (const bad of NOT_JSON_INTEGERS) {
      expectRefused(await send('POST', '/api/wishlists', shopper, { productId: bad }), 'body.productId', JSON.stringify(bad));
    }
    const added = await send('POST', '/api/wishlists', shopper, { productId: product.id });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('orders: each line names its product and quantity in JSON integers, the field named inside the buy-now line', async () => {
    const product = await make.product({ storeId: store.id, stock: 10, price: 10 });
    for (const bad of NOT_JSON_INTEGERS) {
      expectRefused(
        await send('POST', '/api/orders', shopper, { lines: [{ productId: bad, quantity: 1 }] }, idempotent()),
        'body.lines.0.productId',
        `productId ${JSON.stringify(bad)}`,
      );
      expectRefused(
        await send('POST', '/api/orders', shopper, { lines: [{ productId: product.id, quantity: bad }] }, idempotent()),
        'body.lines.0.quantity',
        `quantity ${JSON.stringify(bad)}`,
      );
    }
    expectRefused(await send('POST', '/api/orders', shopper, { fromCart: 'true' }, idempotent()), 'body.fromCart', 'fromCart "true"');
    expect((await send('GET', '/api/orders/user', shopper)).json().totalCount).toBe(0);

    const placed = await send('POST', '/api/orders', shopper, { lines: [{ productId: product.id, quantity: 2 }] }, idempotent());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ total: 20, lines: [{ productId: product.id, quantity: 2 }] });
  });

  it('points adjustments, stock adjustments and the legacy stock-out take JSON integers', async () => {
    const product = await make.product({ storeId: store.id, stock: 50 });
    for (const bad of NOT_JSON_INTEGERS) {
      const what = JSON.stringify(bad);
      expectRefused(
        await send('POST', '/api/users/points', admin, { userId: shopper.id, value: bad, description: 'Ajuste de prueba' }),
        'body.value',
        `points ${what}`,
      );
      expectRefused(
        await send('POST', '/api/users/points', admin, { userId: bad, value: 5, description: 'Ajuste de prueba' }),
        'body.userId',
        `points user ${what}`,
      );
      expectRefused(
        await send('POST', '/api/inventory', admin, { productId: product.id, delta: bad, reason: 'Conteo de inventario' }),
        'body.delta',
        `stock ${what}`,
      );
      expectRefused(
        await send('PUT', '/api/products', admin, { productId: product.id, quantity: bad }),
        'body.quantity',
        `stock-out ${what}`,
      );
    }
    const points = await send('POST', '/api/users/points', admin, { userId: shopper.id, value: -5, description: 'Ajuste de prueba' });
    expect(points.statusCode, points.body).toBe(200);
    const restock = await send('POST', '/api/inventory', admin, { productId: product.id, delta: -3, reason: 'Conteo de inventario' });
    expect(restock.statusCode, restock.body).toBe(201);
    const out = await send('PUT', '/api/products', admin, { productId: product.id, quantity: 2 });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.stockAfter).toBe(45);
  });

  it('loads: the store, the recognition and the points of a review are JSON integers', async () => {
    const recognition = await make.recognition({ storeId: store.id, points: 50 });
    const review = (over: Record<string, unknown>) =>
      send('POST', '/api/loads/review', admin, { storeId: store.id, rewardId: recognition.id, emails: [shopper.email], ...over });
    for (const bad of NOT_JSON_INTEGERS) {
      const what = JSON.stringify(bad);
      expectRefused(await review({ storeId: bad }), 'body.storeId', `store ${what}`);
      expectRefused(await review({ rewardId: bad }), 'body.rewardId', `recognition ${what}`);
      expectRefused(await review({ points: bad }), 'body.points', `points ${what}`);
    }
    const good = await review({ points: 40 });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.correct).toHaveLength(1);
  });

  it('challenge answers: the challenge, question and option ids are JSON integers', async () => {
    const now = t.clock.now().getTime();
    const created = await send('POST', '/api/challenges', admin, {
      storeId: store.id,
      title: 'Trivia estricta',
      description: 'Preguntas sobre el programa de puntos.',
      type: 'multiple_choice',
      startsAt: new Date(now - 3_600_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      winners: 1,
      pointsPerWinner: 10,
      questions: [{ text: '¿Cuándo vencen los puntos?', options: [{ text: '16 de octubre', isCorrect: true }, { text: 'Nunca' }] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const challenge = created.json().data as { id: number; questions: { id: number; options: { id: number }[] }[] };
    expect((await send('PUT', `/api/challenges/activate/${challenge.id}`, admin)).statusCode).toBe(200);
    const question = challenge.questions[0]!;
    const answer = (over: Record<string, unknown>, value: Record<string, unknown> = {}) =>
      send('POST', '/api/challenges/answers', shopper, {
        challengeId: challenge.id,
        values: [{ questionId: question.id, optionId: question.options[0]!.id, ...value }],
        ...over,
      });
    for (const bad of NOT_JSON_INTEGERS) {
      const what = JSON.stringify(bad);
      expectRefused(await answer({ challengeId: bad }), 'body.challengeId', `challenge ${what}`);
      expectRefused(await answer({}, { questionId: bad }), 'body.values.0.questionId', `question ${what}`);
      expectRefused(await answer({}, { optionId: bad }), 'body.values.0.optionId', `option ${what}`);
    }
    const good = await answer({});
    expect(good.statusCode, good.body).toBe(201);
  });

  it('a JSON body that is not UTF-8 is 415 UNSUPPORTED_MEDIA_TYPE; charset=utf-8, in any case or quoted, is read', async () => {
    const product = await make.product({ storeId: store.id, stock: 5 });
    for (const charset of ['utf-16', 'UTF-16LE', 'latin1', 'iso-8859-1', 'us-ascii', '"utf-16"']) {
      const res = await send(
        'POST',
        '/api/wishlists',
        shopper,
        { productId: product.id },
        { 'content-type': `application/json; charset=${charset}` },
      );
      expect(res.statusCode, charset).toBe(415);
      expect(res.json().code, charset).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const res = await send(
      'POST',
      '/api/wishlists',
      shopper,
      { productId: product.id },
      { 'content-type': 'application/json; charset="UTF-8"' },
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('query strings, paths and multipart fields take decimal digits only', () => {
  it('paging and filters of a list', async () => {
    for (const bad of [...NOT_DECIMAL_TEXT, '', '-1']) {
      expectRefused(await send('GET', `/api/orders/user?page=${bad}`, shopper), 'querystring.page', `page ${bad}`);
      expectRefused(await send('GET', `/api/inventory?storeId=${bad}`, admin), 'querystring.storeId', `storeId ${bad}`);
    }
    expectRefused(await send('GET', '/api/orders/user?page=1&page=2', shopper), 'querystring.page', 'page twice');
    const good = await send('GET', `/api/orders/user?page=1&pageSize=007`, shopper);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ page: 1, pageSize: 7 });
    expect((await send('GET', `/api/inventory?storeId=${store.id}`, admin)).statusCode).toBe(200);
  });

  it('path parameters', async () => {
    const product = await make.product({ storeId: store.id, stock: 4 });
    for (const bad of NOT_DECIMAL_TEXT) {
      expectRefused(await send('GET', `/api/orders/detail/${bad}`, shopper), 'params.id', `id ${bad}`);
      expectRefused(await send('GET', `/api/products/stock/${product.id}/${bad}`, shopper), 'params.quantity', `quantity ${bad}`);
      expectRefused(await send('GET', `/api/products/stock/${bad}/1`, shopper), 'params.productId', `product ${bad}`);
    }
    const good = await send('GET', `/api/products/stock/${product.id}/3`, shopper);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toBe(3);
  });

  it('a signed or decimal query number: the sign-in position', async () => {
    for (const bad of ['0x10', '1e1', '%201', '+1', '.5', '5.', 'NaN']) {
      expectRefused(await t.app.inject({ method: 'GET', url: `/api/auth/login?lat=${bad}&long=0` }), 'querystring.lat', `lat ${bad}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/login?lat=-33.45&long=-70.66' })).statusCode).toBe(302);
  });

  it('multipart fields: a product price is its decimal digits', async () => {
    const category = await make.category({ storeId: store.id });
    const picture = await png();
    const create = async (price: string) => {
      const form = await multipart(
        {
          name: 'Lámpara de lectura',
          description: 'Una lámpara para leer de noche.',
          categoryId: category.id,
          price,
          stock: 3,
          storeId: store.id,
        },
        [{ field: 'pictures', name: 'lamp.png', data: picture, type: 'image/png' }],
      );
      return t.app.inject({ method: 'POST', url: '/api/products', headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    };
    for (const bad of ['0x10', '1e3', ' 950', '950.0', 'true', '-5']) expectRefused(await create(bad), 'body.price', `price ${bad}`);
    const good = await create('950');
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data.price).toBe(950);
  });
});

describe('the OpenAPI document states the strict types', () => {
  it('JSON bodies: ids and quantities are integers, never strings; query and path numbers are integers too', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const line = doc.paths['/api/orders'].post.requestBody.content['application/json'].schema.anyOf[0].properties.lines.items;
    expect(line.properties.productId).toMatchObject({ type: 'integer', minimum: 1 });
    expect(line.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    const cart = doc.paths['/api/shoppingCart'].post.requestBody.content['application/json'].schema;
    expect(cart.properties.productId.type).toBe('integer');
    expect(cart.properties.quantity.type).toBe('integer');
    const page = doc.paths['/api/orders/user'].get.parameters.find((p: { name: string }) => p.name === 'page');
    expect(page.schema).toMatchObject({ type: 'integer', minimum: 1 });
    const id = doc.paths['/api/orders/detail/{id}'].get.parameters.find((p: { name: string }) => p.name === 'id');
    expect(id.schema).toMatchObject({ type: 'integer', minimum: 1 });
    // Every id, quantity or amount of every JSON request body is an integer (or a list of them), nothing else.
    type Schema = {
      type?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
      anyOf?: Schema[];
      oneOf?: Schema[];
      allOf?: Schema[];
    };
    const NUMERIC = /(^id|Id|Ids|^quantity|^points|^value|^delta|^price|^stock|^winners|^pointsPerWinner|^days|^position)$/;
    /** A store's directory codes are text that ends in Id. */
    const TEXT_CODES = new Set(['sedeId', 'inventoryId']);
    const typesOf = (s: Schema): (string | undefined)[] =>
      s.anyOf || s.oneOf
        ? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf)
        : s.type === 'array' && s.items
          ? typesOf(s.items)
          : [s.type];
    const wrong: string[] = [];
    const walk = (schema: Schema | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (NUMERIC.test(name) && !TEXT_CODES.has(name) && typesOf(property).some((type) => type !== 'integer'))
          wrong.push(`${where}.${name}: ${JSON.stringify(property)}`);
        walk(property, `${where}.${name}`);
      }
      for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(alternative, where);
      walk(schema.items, `${where}[]`);
    };
    let bodies = 0;
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> } }>>,
    )) {
      // SCIM's attributes are named by RFC 7643 (externalId, value…) and hold text (docs/architecture.md A6.18).
      if (path.startsWith('/scim/')) continue;
      for (const [method, op] of Object.entries(item)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (schema) bodies++;
        walk(schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });
});
