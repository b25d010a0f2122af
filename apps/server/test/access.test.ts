/**
 * No route without its guard (docs/decisions/0038-access-table.md): every registered route, as each kind
 * of caller (signed out, shopper, store account, administrator of another store, administrator, super
 * administrator), answers what the access table (src/plugins/access-table.ts) says. A route without a row,
 * or a row without a route, fails. One app, one request per route and caller.
 *
 * Requests name records of store 1 and carry valid bodies: access is checked before the body is parsed
 * (decision 0014), but a store check comes after it, so an invalid body would hide a missing one.
 * Order: reads, writes, (de)activations, deletions, then sign-out; within a route the callers the table
 * turns away go first, so that an allowed caller's deletion cannot turn their 403 into a 404.
 */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { ACCESS_TABLE, accessRowOf, CALLERS, SCIM, type Caller } from '../src/plugins/access-table.ts';
import { createConnection } from '../src/modules/directory/connections.service.ts';
import { factories } from './factories.ts';
import { createTestApp, multipart, ORIGIN, png, type TestApp } from './harness.ts';

let t: TestApp;
/** Every route as registered: `METHOD url` (HEAD routes are Fastify's copies of GET ones). */
const registered = new Set<string>();
const headers: Record<Caller, Record<string, string>> = {} as never;

interface Sample {
  url: string;
  body?: unknown;
  multipart?: { fields: Record<string, string | number>; files?: { field: string; name: string; data: Buffer; type?: string }[] };
  headers?: Record<string, string>;
}
let samples: Record<string, Sample | ((caller: Caller) => Sample)>;

beforeAll(async () => {
  // Without the built web app: its files are routes of their own once `npm run build` has run (public by
  // construction, web-app.test.ts), and this table is about the API, built or not.
  t = await createTestApp({ WEB_DIST_DIR: path.join(os.tmpdir(), 'rs-access-no-web') }, undefined, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    },
  });
  const make = factories(t);
  const users = {
    shopper: await make.shopper({ points: 100_000 }),
    storeAccount: await make.storeAccount(),
    otherStoreAdmin: await make.admin({ stores: [(await make.store()).id] }),
    admin: await make.admin(),
    superAdmin: await make.superAdmin(),
  };
  headers.signedOut = { ...ORIGIN };
  for (const [caller, u] of Object.entries(users)) headers[caller as Caller] = u.headers;
  const target = await make.shopper();
  const product = await make.product({ stock: 100 });
  const victim = await make.product({ stock: 5 });
  const category = await make.category();
  const picture = await png('#4f46e5', 8, 8);
  const pictureFile = (field: string) => ({ field, name: 'picture.png', data: picture, type: 'image/png' });

  const api = async (caller: Caller, method: 'POST' | 'PUT', url: string, body: unknown, extra: Record<string, string> = {}) => {
    const res = await t.app.inject({ method, url, headers: { ...headers[caller], ...extra }, payload: body as object });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<{ data: { id: number } & Record<string, unknown> }>().data;
  };
  // Records of store 1 made through the API as their owners would, so their ids are real.
  await api('shopper', 'POST', '/api/shoppingCart', { productId: product.id, quantity: 1 });
  const [cartLine] = await t.db.select().from(s.cartItems).where(eq(s.cartItems.userId, users.shopper.id));
  await api('shopper', 'POST', '/api/wishlists', { productId: product.id });
  const [wish] = await t.db.select().from(s.wishlistItems).where(eq(s.wishlistItems.userId, users.shopper.id));
  const order = await api('shopper', 'POST', '/api/orders', { lines: [{ productId: product.id, quantity: 1 }] });
  const doomedOrder = await api('shopper', 'POST', '/api/orders', { lines: [{ productId: product.id, quantity: 1 }] });
  await api('admin', 'PUT', `/api/orders/${doomedOrder.id}`, { status: 5, cause: 'Access test' });
  const [line] = await t.db.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id));
  const token = await api('shopper', 'POST', '/api/users/tokens', { name: 'access test' });
  const connection = await createConnection(t.db, {
    name: 'Access test',
    days: 1,
    officeAttribute: 'organization',
    createdBy: null,
    now: t.clock.now(),
    scimUrl: 'x',
  });
  const area = await make.area();
  const reward = await make.recognition({ areaId: area.id });
  const banner = await make.banner();
  const [movement] = await t.db.select().from(s.inventoryMovements).where(eq(s.inventoryMovements.productId, product.id)).limit(1);
  const now = t.clock.now().getTime();
  const challengeForm = {
    title: 'Trivia del programa',
    description: 'Preguntas sobre el programa de puntos.',
    type: 'multiple_choice',
    startsAt: new Date(now - 3_600_000).toISOString(),
    endsAt: new Date(now + 7 * 86_400_000).toISOString(),
    winners: 2,
    pointsPerWinner: 100,
    questions: [{ text: '¿Cuándo vencen los puntos?', options: [{ text: '16 de octubre', isCorrect: true }, { text: 'Nunca' }] }],
  };
  const challenge = await api('admin', 'POST', '/api/challenges', { ...challengeForm, storeId: 1 });
  const question = (challenge.questions as { id: number; options: { id: number }[] }[])[0]!;
  const loadBody = { storeId: 1, rewardId: reward.id, emails: [target.email], points: 10 };
  const load = await api('admin', 'POST', '/api/loads', { ...loadBody, reason: 'Access test' }, { 'idempotency-key': 'access-test-load' });
  const store = await api('superAdmin', 'POST', '/api/stores', {
    title: 'Access test office',
    location: 'Calle 1',
    lat: 4.6,
    long: -74.08,
  });
  const [notification] = await t.db.select().from(s.notifications).where(eq(s.notifications.userId, users.shopper.id)).limit(1);
  const [areaWithoutRewards] = await t.db
    .insert(s.areas)
    .values({ storeId: 1, name: 'Access test area', description: 'No recognitions' })
    .returning();

  const [companyValue] = await t.db.insert(s.companyValues).values({ storeId: 1, name: 'Access test value' }).returning();
  const peerMessage = 'Made by the access test, thank you';
  const peerRecognition = await api('shopper', 'POST', '/api/recognitions', {
    recipients: [target.id],
    points: 1,
    message: peerMessage,
    values: [companyValue!.id],
  });
  const hookBody = { storeId: 1, url: 'https://hooks.example.com/access', events: ['order.placed'] };
  const hook = await api('admin', 'POST', '/api/webhooks', hookBody);
  const doomedHook = await api('admin', 'POST', '/api/webhooks', hookBody);
  const hookDelivery = await api('admin', 'POST', `/api/webhooks/${hook.id}/test`, undefined);
  // Budgets and awards (A6.19): a budget each caller may spend (a store's for administrators, their own as a
  // manager for the shopper), an award credited at once and one waiting for the store's administrators.
  const storeBudget = await api('admin', 'POST', '/api/budgets', { scope: 'store', storeId: 1, amount: 100_000, period: 'month' });
  const spendable: Partial<Record<Caller, number>> = {
    shopper: (
      await api('admin', 'POST', '/api/budgets', { scope: 'manager', managerId: users.shopper.id, storeId: 1, amount: 10, period: 'none' })
    ).id,
    otherStoreAdmin: (
      await api('superAdmin', 'POST', '/api/budgets', {
        scope: 'store',
        storeId: users.otherStoreAdmin.storeId,
        amount: 10,
        period: 'none',
      })
    ).id,
  };
  const awardBody = { recipients: [target.id], points: 1, message: 'Made by the access test, thank you' };
  const creditedAward = await api('admin', 'POST', '/api/awards', { ...awardBody, budgetId: storeBudget.id });
  const waitingAward = await api('admin', 'POST', '/api/awards', { ...awardBody, points: 600, budgetId: storeBudget.id });
  const [approvalStep] = await t.db.select().from(s.approvalSteps).where(eq(s.approvalSteps.awardId, waitingAward.id));
  const stars = { name: 'Access test', description: 'Made by the access test' };
  const peopleDates = { storeId: 1, rows: [{ email: target.email, birthday: '05-14', hireDate: '2020-01-15' }] };
  samples = {
    'GET /api/auth/login': { url: '/api/auth/login' },
    'GET /api/auth/callback': { url: '/api/auth/callback?code=x&state=y' },
    'POST /api/auth/logout': { url: '/api/auth/logout' },
    'POST /api/users/profile': {
      url: '/api/users/profile',
      body: {
        city: 'Bogotá',
        postalCode: '110111',
        state: 'Cundinamarca',
        address: 'Calle 1',
        preferredContact: 'email',
        officeInCity: true,
      },
    },
    'GET /api/users/store': { url: '/api/users/store?storeId=1' },
    'POST /api/users/store/nearest': { url: '/api/users/store/nearest', body: { latitude: 4.6, longitude: -74.08 } },
    'PUT /api/users/profile/position': { url: '/api/users/profile/position', body: { latitude: 40.4168, longitude: -3.7038 } },
    'DELETE /api/users/profile/position': { url: '/api/users/profile/position' },
    // The login call of docs/architecture.md P7 answers the caller's own record: each caller names their own e-mail.
    'POST /api/users/auth': (caller) => ({
      url: '/api/users/auth',
      body: { email: caller === 'signedOut' ? users.shopper.email : users[caller].email },
    }),
    'PUT /api/users/is/:id': { url: `/api/users/is/${target.id}`, body: { is: 'ACC-1001' } },
    'GET /api/places/reverse': { url: '/api/places/reverse?latitude=40.4168&longitude=-3.7038' },
    'GET /api/users/all': { url: '/api/users/all?storeId=1' },
    'GET /api/users/deactivated': { url: '/api/users/deactivated?storeId=1' },
    'GET /api/users/one/:id': { url: `/api/users/one/${target.id}` },
    'PUT /api/users/activate/:id': { url: `/api/users/activate/${target.id}` },
    'PUT /api/users/deactivate/:id': { url: `/api/users/deactivate/${target.id}` },
    'POST /api/users/points': { url: '/api/users/points', body: { userId: target.id, value: 10, description: 'Access test' } },
    'POST /api/users/tokens': { url: '/api/users/tokens', body: { name: 'access test' } },
    'DELETE /api/users/tokens/:id': { url: `/api/users/tokens/${token.id}` },
    // Dates: the person's store's administrators; a role in the body is a super administrator's (FORBIDDEN otherwise).
    'PUT /api/users/:id': { url: `/api/users/${target.id}`, body: { birthday: '05-14', hireDate: '2020-01-15' } },
    'PUT /api/users/profile/celebrations': { url: '/api/users/profile/celebrations', body: { choices: { birthday: 'public' } } },
    'GET /api/stores/user': { url: '/api/stores/user' },
    'GET /api/stores/:id': { url: '/api/stores/1' },
    'POST /api/stores': { url: '/api/stores', body: { title: 'Another office', location: 'Calle 2', lat: 4.7, long: -74.1 } },
    'PUT /api/stores/:id': { url: `/api/stores/${store.id}`, body: { location: 'Calle 3' } },
    'PUT /api/stores/activate/:id': { url: `/api/stores/activate/${store.id}` },
    'PUT /api/stores/deactivate/:id': { url: `/api/stores/deactivate/${store.id}` },
    'DELETE /api/stores/delete/:id': { url: `/api/stores/delete/${store.id}` },
    'GET /api/categories': { url: '/api/categories?storeId=1' },
    'GET /api/categories/:id': { url: `/api/categories/${category.id}` },
    'POST /api/categories': {
      url: '/api/categories',
      multipart: { fields: { title: 'Access test', description: 'Made by the access test', storeId: 1 }, files: [pictureFile('picture')] },
    },
    'PUT /api/categories/:id': {
      url: `/api/categories/${category.id}`,
      multipart: { fields: { title: 'Access test 2', description: 'Made by the access test' } },
    },
    'PUT /api/categories/activate/:id': { url: `/api/categories/activate/${category.id}` },
    'PUT /api/categories/deactivate/:id': { url: `/api/categories/deactivate/${category.id}` },
    'DELETE /api/categories/delete/:id': { url: `/api/categories/delete/${category.id}` },
    'GET /api/products': { url: '/api/products?storeId=1' },
    'GET /api/products/all': { url: '/api/products/all?storeId=1' },
    'GET /api/products/category': { url: `/api/products/category?categoryId=${product.categoryId}` },
    'GET /api/products/category/slug': { url: `/api/products/category/slug?slug=${category.slug}` },
    'GET /api/products/categoryAuth': { url: `/api/products/categoryAuth?categoryId=${product.categoryId}` },
    'GET /api/products/suggest': { url: '/api/products/suggest?q=taza' },
    'GET /api/products/slug/:slug': { url: `/api/products/slug/${product.slug}` },
    'GET /api/products/stock/:productId/:quantity': { url: `/api/products/stock/${product.id}/1` },
    'GET /api/products/stats': { url: '/api/products/stats?type=featured&storeId=1' },
    'GET /api/products/otherResults': { url: `/api/products/otherResults?storeId=1&excludeId=${product.id}` },
    'GET /api/products/otherResultsAuth': { url: `/api/products/otherResultsAuth?excludeId=${product.id}` },
    'POST /api/products/view/:id': { url: `/api/products/view/${product.id}` },
    'GET /api/productsAuth': { url: '/api/productsAuth' },
    'GET /api/productsAuth/:id': { url: `/api/productsAuth/${product.id}` },
    'GET /api/productAdmin': { url: '/api/productAdmin?storeId=1' },
    'GET /api/productAdmin/:id': { url: `/api/productAdmin/${product.id}` },
    'POST /api/products': {
      url: '/api/products',
      multipart: {
        fields: { ...stars, categoryId: product.categoryId, price: 100, stock: 1, storeId: 1 },
        files: [pictureFile('pictures')],
      },
    },
    'PUT /api/products': { url: '/api/products', body: { productId: product.id, quantity: 1 } },
    'PUT /api/products/image/:id': {
      url: `/api/products/image/${product.id}`,
      multipart: { fields: { price: 120 }, files: [pictureFile('pictures')] },
    },
    'PUT /api/products/activate/:id': { url: `/api/products/activate/${victim.id}` },
    'PUT /api/products/deactivate/:id': { url: `/api/products/deactivate/${victim.id}` },
    'DELETE /api/products/delete/:id': { url: `/api/products/delete/${victim.id}` },
    'GET /api/inventory': { url: '/api/inventory?storeId=1' },
    'GET /api/inventory/:id': { url: `/api/inventory/${movement!.id}` },
    'POST /api/inventory': { url: '/api/inventory', body: { productId: product.id, delta: 5, reason: 'Access test' } },
    'PUT /api/inventory/:id': { url: `/api/inventory/${movement!.id}`, body: { reason: 'Access test' } },
    'PUT /api/inventory/active/:id': { url: `/api/inventory/active/${movement!.id}` },
    'PUT /api/inventory/deactivate/:id': { url: `/api/inventory/deactivate/${movement!.id}` },
    'DELETE /api/inventories/delete/:id': { url: `/api/inventories/delete/${movement!.id}` },
    'GET /api/banners': { url: '/api/banners?storeId=1' },
    'GET /api/banners/:id': { url: `/api/banners/${banner.id}` },
    'GET /api/banners/admin': { url: '/api/banners/admin?storeId=1' },
    'POST /api/banners': {
      url: '/api/banners',
      multipart: { fields: { title: 'Access test', storeId: 1 }, files: [pictureFile('picture')] },
    },
    'PUT /api/banners/:id': { url: `/api/banners/${banner.id}`, multipart: { fields: { title: 'Access test 2' } } },
    'PUT /api/banners/activate/:id': { url: `/api/banners/activate/${banner.id}` },
    'PUT /api/banners/deactivate/:id': { url: `/api/banners/deactivate/${banner.id}` },
    'DELETE /api/banners/delete/:id': { url: `/api/banners/delete/${banner.id}` },
    'GET /api/rewards': { url: '/api/rewards?storeId=1' },
    'GET /api/rewards/area': { url: '/api/rewards/area?storeId=1' },
    'GET /api/rewards/:id': { url: `/api/rewards/${reward.id}` },
    'POST /api/rewards': {
      url: '/api/rewards',
      body: { ...stars, areaId: area.id, points: 10, frequencyLimit: 1, frequencyPeriod: 'year', storeId: 1 },
    },
    'PUT /api/rewards/:id': {
      url: `/api/rewards/${reward.id}`,
      body: { ...stars, areaId: area.id, points: 10, frequencyLimit: 1, frequencyPeriod: 'year' },
    },
    'PUT /api/rewards/activate/:id': { url: `/api/rewards/activate/${reward.id}` },
    'PUT /api/rewards/deactivate/:id': { url: `/api/rewards/deactivate/${reward.id}` },
    'DELETE /api/rewards/delete/:id': { url: `/api/rewards/delete/${reward.id}` },
    'GET /api/areas': { url: '/api/areas?storeId=1' },
    'GET /api/areas/:id': { url: `/api/areas/${area.id}` },
    'POST /api/areas': { url: '/api/areas', body: { ...stars, storeId: 1 } },
    'PUT /api/areas/:id': { url: `/api/areas/${area.id}`, body: stars },
    'PUT /api/areas/activate/:id': { url: `/api/areas/activate/${areaWithoutRewards!.id}` },
    'PUT /api/areas/deactivate/:id': { url: `/api/areas/deactivate/${areaWithoutRewards!.id}` },
    'DELETE /api/areas/delete/:id': { url: `/api/areas/delete/${areaWithoutRewards!.id}` },
    'POST /api/shoppingCart': { url: '/api/shoppingCart', body: { productId: product.id } },
    'GET /api/shoppingCart/:id': { url: `/api/shoppingCart/${cartLine!.id}` },
    'PUT /api/shoppingCart/:id': { url: `/api/shoppingCart/${cartLine!.id}`, body: { quantity: 2 } },
    'DELETE /api/shoppingCart/:id': { url: `/api/shoppingCart/${cartLine!.id}` },
    'GET /api/shoppingCart/:userId/:productId': (caller) => ({
      url: `/api/shoppingCart/${caller === 'signedOut' ? users.shopper.id : users[caller].id}/${product.id}`,
    }),
    'POST /api/shoppingCart/fromOrder/:id': { url: `/api/shoppingCart/fromOrder/${order.id}` },
    'POST /api/shoppingCart/remove': { url: '/api/shoppingCart/remove', body: { ids: [cartLine!.id] } },
    'POST /api/orders': { url: '/api/orders', body: { lines: [{ productId: product.id, quantity: 1 }] } },
    'GET /api/orders/detail/:id': { url: `/api/orders/detail/${order.id}` },
    'GET /api/orders/tracking/:id': { url: `/api/orders/tracking/${order.id}` },
    'GET /api/orders': { url: '/api/orders?storeId=1' },
    'POST /api/orders/orderDetail': { url: '/api/orders/orderDetail', body: { orderId: order.id, productId: product.id, quantity: 1 } },
    'PUT /api/orders/:id': { url: `/api/orders/${order.id}`, body: { status: 2 } },
    'POST /api/orders/edit': {
      url: '/api/orders/edit',
      body: { orderId: order.id, lines: [{ lineId: line!.id, quantity: 2 }], reason: 'Access test' },
    },
    'PUT /api/orders/activate/:id': { url: `/api/orders/activate/${doomedOrder.id}` },
    'PUT /api/orders/deactivate/:id': { url: `/api/orders/deactivate/${doomedOrder.id}` },
    'DELETE /api/orders/delete/:id': { url: `/api/orders/delete/${doomedOrder.id}` },
    'POST /api/wishlists': { url: '/api/wishlists', body: { productId: product.id } },
    'DELETE /api/wishlists/delete/:id': { url: `/api/wishlists/delete/${wish!.id}` },
    'GET /api/loads': { url: '/api/loads?storeId=1' },
    'POST /api/loads': (caller) => ({
      url: '/api/loads',
      body: { ...loadBody, reason: 'Access test' },
      headers: { 'idempotency-key': `access-test-${caller}` },
    }),
    'GET /api/loads/:id': { url: `/api/loads/${load.id}` },
    'GET /api/loads/rewards': { url: '/api/loads/rewards?storeId=1' },
    'POST /api/loads/emails/file': {
      url: '/api/loads/emails/file',
      multipart: {
        fields: {},
        files: [{ field: 'file', name: 'emails.csv', data: Buffer.from(`email\n${target.email}\n`), type: 'text/csv' }],
      },
    },
    'POST /api/loads/review': { url: '/api/loads/review', body: loadBody },
    'GET /api/loads/consolidated': { url: '/api/loads/consolidated?storeId=1' },
    'GET /api/loads/consolidated/export': { url: '/api/loads/consolidated/export?storeId=1&format=csv' },
    'GET /api/loads/emails': { url: `/api/loads/emails?loadId=${load.id}` },
    'POST /api/loads/challenge': { url: '/api/loads/challenge', body: { challengeId: challenge.id } },
    'POST /api/celebrations/dates/file': {
      url: '/api/celebrations/dates/file',
      multipart: {
        fields: {},
        files: [{ field: 'file', name: 'fechas.csv', data: Buffer.from(`Correo;Cumpleaños\n${target.email};05-14\n`), type: 'text/csv' }],
      },
    },
    'POST /api/celebrations/dates/review': { url: '/api/celebrations/dates/review', body: peopleDates },
    'POST /api/celebrations/dates': { url: '/api/celebrations/dates', body: peopleDates },
    'GET /api/challenges': { url: '/api/challenges?storeId=1' },
    'GET /api/challenges/:id': { url: `/api/challenges/${challenge.id}` },
    'GET /api/challenges/participants': { url: `/api/challenges/participants?challengeId=${challenge.id}` },
    'POST /api/challenges': { url: '/api/challenges', body: { ...challengeForm, storeId: 1 } },
    'PUT /api/challenges/:id': { url: `/api/challenges/${challenge.id}`, body: challengeForm },
    'PUT /api/challenges/activate/:id': { url: `/api/challenges/activate/${challenge.id}` },
    'PUT /api/challenges/deactivate/:id': { url: `/api/challenges/deactivate/${challenge.id}` },
    'DELETE /api/challenges/delete/:id': { url: `/api/challenges/delete/${challenge.id}` },
    'GET /api/challenges/userChallenge': { url: '/api/challenges/userChallenge' },
    'POST /api/challenges/answers': {
      url: '/api/challenges/answers',
      body: { challengeId: challenge.id, values: [{ questionId: question.id, optionId: question.options[0]!.id }] },
    },
    'GET /api/accounts/movements': { url: `/api/accounts/movements?userId=${target.id}` },
    'GET /api/accounts/myMovementsAdmin': { url: `/api/accounts/myMovementsAdmin?userId=${target.id}` },
    'GET /api/dashboard': { url: '/api/dashboard?storeId=1' },
    'PUT /api/notifications/viewed/:id': { url: `/api/notifications/viewed/${notification?.id ?? 1}` },
    'POST /api/recognitions': {
      url: '/api/recognitions',
      body: { recipients: [target.id], points: 1, message: peerMessage, values: [companyValue!.id] },
    },
    'GET /api/recognitions/:id': { url: `/api/recognitions/${peerRecognition.id}` },
    'POST /api/recognitions/:id/comments': { url: `/api/recognitions/${peerRecognition.id}/comments`, body: { message: 'Access test' } },
    'POST /api/recognitions/:id/addons': { url: `/api/recognitions/${peerRecognition.id}/addons`, body: { points: 1 } },
    'PUT /api/recognitions/:id/reactions/:emoji': { url: `/api/recognitions/${peerRecognition.id}/reactions/clap` },
    'DELETE /api/recognitions/:id/reactions/:emoji': { url: `/api/recognitions/${peerRecognition.id}/reactions/clap` },
    'GET /api/people': { url: '/api/people?q=factory' },
    'GET /api/peer/stores/:id/giving': { url: '/api/peer/stores/1/giving' },
    'PUT /api/peer/stores/:id/giving': {
      url: '/api/peer/stores/1/giving',
      body: { amount: 100, period: 'month', minMessage: 20, shareCapPercent: 50, perReport: 0 },
    },
    'GET /api/peer/stores/:id/values': { url: '/api/peer/stores/1/values' },
    'GET /api/peer/stores/:id/report': { url: '/api/peer/stores/1/report' },
    'GET /api/peer/stores/:id/report/export': { url: '/api/peer/stores/1/report/export?format=csv' },
    'POST /api/peer/stores/:id/values': { url: '/api/peer/stores/1/values', body: { name: 'Access test value 2' } },
    'PUT /api/peer/values/:id': { url: `/api/peer/values/${companyValue!.id}`, body: { nameEn: 'Access test value' } },
    'DELETE /api/peer/values/:id': { url: `/api/peer/values/${companyValue!.id}` },
    'POST /api/peer/users/:id/allowance-boosts': { url: `/api/peer/users/${target.id}/allowance-boosts`, body: { points: 1 } },
    'PUT /api/peer/users/:id/manager': { url: `/api/peer/users/${target.id}/manager`, body: { managerId: null } },
    'POST /api/budgets': { url: '/api/budgets', body: { scope: 'store', storeId: 1, amount: 10, period: 'none' } },
    'GET /api/budgets/:id': { url: `/api/budgets/${storeBudget.id}` },
    'PUT /api/budgets/:id': { url: `/api/budgets/${storeBudget.id}`, body: { amount: 100_000, reload: true } },
    'POST /api/awards': (caller) => ({ url: '/api/awards', body: { ...awardBody, budgetId: spendable[caller] ?? storeBudget.id } }),
    'GET /api/awards/:id': { url: `/api/awards/${creditedAward.id}` },
    'POST /api/awards/:id/withdraw': { url: `/api/awards/${creditedAward.id}/withdraw` },
    'POST /api/approvals/:id/approve': { url: `/api/approvals/${approvalStep!.id}/approve` },
    'POST /api/approvals/:id/deny': { url: `/api/approvals/${approvalStep!.id}/deny`, body: { reason: 'Access test' } },
    'GET /api/approvals/stores/:id/rules': { url: '/api/approvals/stores/1/rules' },
    'GET /api/approval-links/:token': { url: '/api/approval-links/not-a-real-token.signature' },
    'POST /api/approval-links/:token': { url: '/api/approval-links/not-a-real-token.signature', body: {} },
    'PUT /api/approvals/stores/:id/rules': {
      url: '/api/approvals/stores/1/rules',
      body: { firstThreshold: 500, secondThreshold: 2000, levels: 2, reminderDays: 3, escalationDays: 7 },
    },
    'GET /api/celebrations/stores/:id/settings': { url: '/api/celebrations/stores/1/settings' },
    'PUT /api/celebrations/stores/:id/settings': {
      url: '/api/celebrations/stores/1/settings',
      body: {
        localHour: 8,
        birthdayPoints: 50,
        anniversaryPoints: 100,
        welcomePoints: 100,
        milestones: { 5: 500, 10: 1000 },
        feb29: 'feb28',
        headsUpDays: 3,
        defaults: { birthday: 'public', anniversary: 'public', welcome: 'public' },
      },
    },
    'GET /api/celebrations/stores/:id/upcoming': { url: '/api/celebrations/stores/1/upcoming' },
    'GET /api/celebrations/stores/:id/upcoming/export': { url: '/api/celebrations/stores/1/upcoming/export?format=csv' },
    'POST /api/directory/sync': {
      url: '/api/directory/sync?dryRun=true',
      multipart: {
        fields: {},
        files: [
          { field: 'file', name: 'personas.csv', data: Buffer.from(`Correo;Nombre;Oficina\n${target.email};Ana;1\n`), type: 'text/csv' },
        ],
      },
    },
    'POST /api/directory/connections': { url: '/api/directory/connections', body: { name: 'Access test' } },
    'DELETE /api/directory/connections/:id': { url: `/api/directory/connections/${connection.id}` },
    'POST /api/webhooks': { url: '/api/webhooks', body: hookBody },
    'GET /api/webhooks/:id': { url: `/api/webhooks/${hook.id}` },
    'PUT /api/webhooks/:id': { url: `/api/webhooks/${hook.id}`, body: { description: 'Access test' } },
    'DELETE /api/webhooks/:id': { url: `/api/webhooks/${doomedHook.id}` },
    'POST /api/webhooks/:id/rotate': { url: `/api/webhooks/${hook.id}/rotate` },
    'POST /api/webhooks/:id/test': { url: `/api/webhooks/${hook.id}/test` },
    'GET /api/webhooks/:id/deliveries': { url: `/api/webhooks/${hook.id}/deliveries` },
    'POST /api/webhooks/deliveries/:id/redeliver': { url: `/api/webhooks/deliveries/${hookDelivery.id}/redeliver` },
    'GET /scim/v2/ResourceTypes/:id': { url: '/scim/v2/ResourceTypes/User' },
    'GET /scim/v2/Schemas/:id': { url: '/scim/v2/Schemas/urn:ietf:params:scim:schemas:core:2.0:User' },
    'POST /scim/v2/Users': { url: '/scim/v2/Users', body: { userName: 'scim-access@empresa.test' } },
    'GET /scim/v2/Users/:id': { url: `/scim/v2/Users/${target.id}` },
    'PUT /scim/v2/Users/:id': { url: `/scim/v2/Users/${target.id}`, body: { userName: target.email } },
    'PATCH /scim/v2/Users/:id': {
      url: `/scim/v2/Users/${target.id}`,
      body: { Operations: [{ op: 'replace', path: 'active', value: false }] },
    },
    'DELETE /scim/v2/Users/:id': { url: `/scim/v2/Users/${target.id}` },
    'GET /api/docs/static/*': { url: '/api/docs/static/swagger-ui.css' },
    '* /idp': { url: '/idp' },
    '* /idp/*': { url: '/idp/.well-known/openid-configuration' },
    'GET /idp/interaction/:uid': { url: '/idp/interaction/unknown' },
    'POST /idp/interaction/:uid/login': { url: '/idp/interaction/unknown/login', body: { email: target.email } },
    'GET /uploads/*': { url: '/uploads/none.webp' },
  };
}, 60_000);
afterAll(() => t?.close());

/** Reads, writes, (de)activations, deletions, then what ends the caller's session. */
function phaseOf(key: string): number {
  if (key === 'POST /api/auth/logout') return 5;
  const [method, url] = key.split(' ') as [string, string];
  if (method === 'DELETE') return 3;
  if (/\/(activate|deactivate|active)\//.test(url)) return 2;
  return method === 'GET' || method === '*' ? 0 : 1;
}

/** The route's URL with no parameters, when it has none and the table has no sample for it. */
const plainUrl = (url: string) => (/[:*]/.test(url) ? undefined : url);

describe('access table (decision 0038)', () => {
  it('has a row for every registered route, and a route for every row', () => {
    const missing = [...registered].filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return !accessRowOf(method, url);
    });
    expect(missing, 'routes with no row in src/plugins/access-table.ts').toEqual([]);
    const stale = Object.keys(ACCESS_TABLE).filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      return method === '*' ? ![...registered].some((r) => r.endsWith(` ${url}`)) : !registered.has(key);
    });
    expect(stale, 'rows of the access table with no route').toEqual([]);
  });

  it('answers every route, as every caller, what the table says', async () => {
    const keys = Object.keys(ACCESS_TABLE).sort((a, b) => phaseOf(a) - phaseOf(b));
    const mismatches: string[] = [];
    let sent = 0;
    /** What the routes answered the callers the guard let through, by status. */
    const okStatuses: Record<number, number> = {};
    for (const key of keys) {
      const row = ACCESS_TABLE[key]!;
      const [tableMethod, route] = key.split(' ') as [string, string];
      const method = (tableMethod === '*' ? 'GET' : tableMethod) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const callers = [...CALLERS].sort((a, b) => Number(row[a] === 'ok') - Number(row[b] === 'ok'));
      for (const caller of callers) {
        const found = samples[key];
        const sample = typeof found === 'function' ? found(caller) : (found ?? (plainUrl(route) ? { url: route } : undefined));
        if (!sample) {
          mismatches.push(`${key}: no sample request in test/access.test.ts`);
          break;
        }
        let payload: string | Buffer | undefined;
        const requestHeaders: Record<string, string> = { ...headers[caller], ...sample.headers };
        if (sample.multipart) {
          const form = await multipart(sample.multipart.fields, sample.multipart.files);
          payload = form.payload;
          Object.assign(requestHeaders, form.headers);
        } else if (sample.body !== undefined) {
          payload = JSON.stringify(sample.body);
          requestHeaders['content-type'] = 'application/json';
        }
        const res = await t.app.inject({
          method,
          url: sample.url,
          headers: requestHeaders,
          payload,
          // Signed-out writes are limited per address: each gets its own.
          remoteAddress: `10.16.${(sent >> 8) & 255}.${sent & 255}`,
        });
        sent++;
        const expected = row[caller];
        // SCIM answers in its own format (docs/architecture.md A6.18): its 401 is `status: "401"`, read as UNAUTHENTICATED.
        const scimRefusal = res.headers['content-type']?.toString().startsWith('application/scim+json')
          ? (res.json() as { status?: string }).status === '401' && 'UNAUTHENTICATED'
          : undefined;
        const code =
          scimRefusal ||
          (res.headers['content-type']?.toString().startsWith('application/json') ? (res.json() as { code?: string }).code : undefined);
        const got = res.statusCode;
        const fine =
          expected === 'ok'
            ? got !== 401 && got !== 403 && got < 500
            : got === expected && (expected === 401 ? code === 'UNAUTHENTICATED' : code === 'FORBIDDEN' || code === 'FORBIDDEN_STORE');
        if (expected === 'ok') okStatuses[got] = (okStatuses[got] ?? 0) + 1;
        if (!fine) mismatches.push(`${key} as ${caller}: table ${expected}, got ${got} ${code ?? ''} (${sample.url})`);
      }
    }
    console.log(
      `access: ${sent} requests to ${keys.length} routes as ${CALLERS.length} callers on ${t.database.kind}; ` +
        `let through: ${JSON.stringify(okStatuses)}`,
    );
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("lets a directory connection's token through every SCIM route, and no other", async () => {
    const { token } = await createConnection(t.db, {
      name: 'Access test SCIM',
      days: 1,
      officeAttribute: 'organization',
      createdBy: null,
      now: t.clock.now(),
      scimUrl: 'x',
    });
    const answered: string[] = [];
    for (const [key, row] of Object.entries(ACCESS_TABLE)) {
      const [method, route] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Routes open to anyone answer a stranger too.
      if (method === ('*' as string) || row.signedOut === 'ok') continue;
      const found = samples[key];
      const sample = typeof found === 'function' ? found('superAdmin') : (found ?? (plainUrl(route) ? { url: route } : undefined));
      if (!sample || sample.multipart) continue;
      const res = await t.app.inject({
        method,
        url: sample.url,
        headers: { authorization: `Bearer ${token}`, ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: sample.body === undefined ? undefined : JSON.stringify(sample.body),
      });
      const opened = res.statusCode !== 401 && res.statusCode !== 403;
      if (opened !== (row === SCIM) || res.statusCode >= 500) answered.push(`${key}: ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  it('turns a signed-out order away with 401 before reading it', async () => {
    expect(ACCESS_TABLE['POST /api/orders']!.signedOut).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', headers: ORIGIN, payload: { lines: [] } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
