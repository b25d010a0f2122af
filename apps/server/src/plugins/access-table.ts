/**
 * Who may call each route: the one table that test/access.test.ts checks every registered route against,
 * as each kind of caller (decision 0038: no route without its guard). It is written by hand, apart from the
 * routes' own `config.access` (plugins/auth.ts) and the stores checks in their handlers, so that a guard
 * that drifts from it fails the test; a route without a row fails it too.
 *
 * Each row gives, per caller, 401 (UNAUTHENTICATED), 403 (FORBIDDEN or FORBIDDEN_STORE), or `ok`: the
 * guard lets the caller through and the route answers for itself (2xx, or 404 for what is not theirs,
 * 409, 422: never 401, 403 nor 5xx). The test's requests name records of store 1 where a route takes
 * a store or a record, so "administrator of another store" is an administrator of store 2 only.
 */

/** The callers of the table, in its column order. */
export const CALLERS = ['signedOut', 'shopper', 'storeAccount', 'otherStoreAdmin', 'admin', 'superAdmin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = 401 | 403 | 'ok';
export type AccessRow = Readonly<Record<Caller, Outcome>>;

const row = (...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]): AccessRow =>
  Object.fromEntries(CALLERS.map((caller, i) => [caller, outcomes[i]])) as AccessRow;

/** Anyone, signed in or not. */
export const PUBLIC = row('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
/** Any signed-in user; what they reach is their own (their cart, orders, profile…). */
export const SIGNED_IN = row(401, 'ok', 'ok', 'ok', 'ok', 'ok');
/** Any administrator (store accounts are administrators of their store, decision 0013): reads only their stores' rows. */
export const ADMIN = row(401, 403, 'ok', 'ok', 'ok', 'ok');
/** An administrator of the store the request names (or of its record's store), or a super administrator. */
export const STORE_ADMIN = row(401, 403, 'ok', 403, 'ok', 'ok');
/** Super administrators only. */
export const SUPER = row(401, 403, 403, 403, 403, 'ok');
/** A directory connection's token only (docs/architecture.md A6.18): no session or personal API token opens it. */
export const SCIM = row(401, 401, 401, 401, 401, 401);

/**
 * Every route, `METHOD /url` as Fastify registers it (HEAD follows its GET). `* /url` stands for every
 * method of a route registered for all of them (the bundled identity provider's catch-all).
 */
export const ACCESS_TABLE: Readonly<Record<string, AccessRow>> = {
  // Operations and the contract
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,

  // Sign-in and the session
  'GET /api/auth/login': PUBLIC,
  'GET /api/auth/callback': PUBLIC,
  'GET /api/auth/session': PUBLIC,
  'GET /api/auth/support': PUBLIC,
  'POST /api/auth/logout': SIGNED_IN,

  // Users
  'GET /api/users/profile': SIGNED_IN,
  'POST /api/users/profile': SIGNED_IN,
  'GET /api/users/profile/counters': SIGNED_IN,
  'GET /api/users/store': SIGNED_IN,
  'POST /api/users/store/nearest': SIGNED_IN,
  'PUT /api/users/profile/position': SIGNED_IN,
  'DELETE /api/users/profile/position': SIGNED_IN,
  'POST /api/users/auth': SIGNED_IN,
  'PUT /api/users/is/:id': STORE_ADMIN,
  'GET /api/users/all': STORE_ADMIN,
  'GET /api/users/deactivated': STORE_ADMIN,
  'GET /api/users/one/:id': STORE_ADMIN,
  'PUT /api/users/activate/:id': STORE_ADMIN,
  'PUT /api/users/deactivate/:id': STORE_ADMIN,
  'POST /api/users/points': STORE_ADMIN,
  'GET /api/users/tokens': SIGNED_IN,
  'POST /api/users/tokens': SIGNED_IN,
  'DELETE /api/users/tokens/:id': SIGNED_IN,
  // Role and administered stores: super administrators only (FORBIDDEN in the route); dates: the person's store.
  'PUT /api/users/:id': STORE_ADMIN,
  'GET /api/users/profile/celebrations': SIGNED_IN,
  'PUT /api/users/profile/celebrations': SIGNED_IN,

  // Places (reverse geocoding, offline)
  'GET /api/places/reverse': SIGNED_IN,
  'GET /api/userPreferences': SIGNED_IN,
  'GET /api/userPreferences/contactPreferences': PUBLIC,

  // Stores
  'GET /api/stores': PUBLIC,
  'GET /api/stores/user': SIGNED_IN,
  'GET /api/stores/:id': PUBLIC,
  'POST /api/stores': SUPER,
  'PUT /api/stores/:id': SUPER,
  'PUT /api/stores/activate/:id': SUPER,
  'PUT /api/stores/deactivate/:id': SUPER,
  'DELETE /api/stores/delete/:id': SUPER,

  // Catalogue
  'GET /api/categories': PUBLIC,
  'GET /api/categories/:id': PUBLIC,
  'POST /api/categories': STORE_ADMIN,
  'PUT /api/categories/:id': STORE_ADMIN,
  'PUT /api/categories/activate/:id': STORE_ADMIN,
  'PUT /api/categories/deactivate/:id': STORE_ADMIN,
  'DELETE /api/categories/delete/:id': STORE_ADMIN,
  'GET /api/products': PUBLIC,
  'GET /api/products/all': PUBLIC,
  'GET /api/products/category': PUBLIC,
  'GET /api/products/category/slug': PUBLIC,
  'GET /api/products/suggest': PUBLIC,
  'GET /api/products/slug/:slug': PUBLIC,
  'GET /api/products/stock/:productId/:quantity': PUBLIC,
  'GET /api/products/stats': PUBLIC,
  'GET /api/products/otherResults': PUBLIC,
  'POST /api/products/view/:id': PUBLIC,
  'GET /api/productsAuth': SIGNED_IN,
  'GET /api/productsAuth/:id': SIGNED_IN,
  'GET /api/products/categoryAuth': SIGNED_IN,
  'GET /api/products/otherResultsAuth': SIGNED_IN,
  'GET /api/products/lastShopping': SIGNED_IN,
  'GET /api/productAdmin': STORE_ADMIN,
  'GET /api/productAdmin/:id': STORE_ADMIN,
  'POST /api/products': STORE_ADMIN,
  'PUT /api/products': STORE_ADMIN,
  'PUT /api/products/image/:id': STORE_ADMIN,
  'PUT /api/products/activate/:id': STORE_ADMIN,
  'PUT /api/products/deactivate/:id': STORE_ADMIN,
  'DELETE /api/products/delete/:id': STORE_ADMIN,
  'GET /api/catalog/tracking': PUBLIC,
  'GET /api/catalog/categories': SIGNED_IN,

  // Stock ledger
  'GET /api/inventory': STORE_ADMIN,
  'GET /api/inventory/:id': STORE_ADMIN,
  'POST /api/inventory': STORE_ADMIN,
  'PUT /api/inventory/:id': STORE_ADMIN,
  'PUT /api/inventory/active/:id': STORE_ADMIN,
  'PUT /api/inventory/deactivate/:id': STORE_ADMIN,
  'DELETE /api/inventories/delete/:id': STORE_ADMIN,

  // Banners, recognitions and areas
  'GET /api/banners': PUBLIC,
  'GET /api/banners/:id': PUBLIC,
  'GET /api/banners/admin': STORE_ADMIN,
  'POST /api/banners': STORE_ADMIN,
  'PUT /api/banners/:id': STORE_ADMIN,
  'PUT /api/banners/activate/:id': STORE_ADMIN,
  'PUT /api/banners/deactivate/:id': STORE_ADMIN,
  'DELETE /api/banners/delete/:id': STORE_ADMIN,
  'GET /api/rewards': PUBLIC,
  'GET /api/rewards/area': PUBLIC,
  'GET /api/rewards/:id': PUBLIC,
  'POST /api/rewards': STORE_ADMIN,
  'PUT /api/rewards/:id': STORE_ADMIN,
  'PUT /api/rewards/activate/:id': STORE_ADMIN,
  'PUT /api/rewards/deactivate/:id': STORE_ADMIN,
  'DELETE /api/rewards/delete/:id': STORE_ADMIN,
  'GET /api/areas': STORE_ADMIN,
  'GET /api/areas/:id': STORE_ADMIN,
  'POST /api/areas': STORE_ADMIN,
  'PUT /api/areas/:id': STORE_ADMIN,
  'PUT /api/areas/activate/:id': STORE_ADMIN,
  'PUT /api/areas/deactivate/:id': STORE_ADMIN,
  'DELETE /api/areas/delete/:id': STORE_ADMIN,

  // Cart, orders, wishlist
  'GET /api/shoppingCart': SIGNED_IN,
  'POST /api/shoppingCart': SIGNED_IN,
  'GET /api/shoppingCart/:id': SIGNED_IN,
  'PUT /api/shoppingCart/:id': SIGNED_IN,
  'DELETE /api/shoppingCart/:id': SIGNED_IN,
  'GET /api/shoppingCart/:userId/:productId': SIGNED_IN,
  'POST /api/shoppingCart/fromOrder/:id': SIGNED_IN,
  'POST /api/shoppingCart/remove': SIGNED_IN,
  'POST /api/orders': SIGNED_IN,
  'GET /api/orders/user': SIGNED_IN,
  'GET /api/orders/detail/:id': SIGNED_IN,
  'GET /api/orders/tracking/:id': SIGNED_IN,
  'GET /api/orders': STORE_ADMIN,
  'POST /api/orders/orderDetail': STORE_ADMIN,
  'PUT /api/orders/:id': STORE_ADMIN,
  'POST /api/orders/edit': STORE_ADMIN,
  'PUT /api/orders/activate/:id': STORE_ADMIN,
  'PUT /api/orders/deactivate/:id': STORE_ADMIN,
  'DELETE /api/orders/delete/:id': STORE_ADMIN,
  'GET /api/wishlists': SIGNED_IN,
  'POST /api/wishlists': SIGNED_IN,
  'DELETE /api/wishlists/delete/:id': SIGNED_IN,

  // Points: loads, challenges, accounts
  'GET /api/loads': STORE_ADMIN,
  'POST /api/loads': STORE_ADMIN,
  'GET /api/loads/:id': STORE_ADMIN,
  'GET /api/loads/rewards': STORE_ADMIN,
  'POST /api/loads/emails/file': ADMIN,
  'POST /api/loads/review': STORE_ADMIN,
  'GET /api/loads/consolidated': STORE_ADMIN,
  'GET /api/loads/consolidated/export': STORE_ADMIN,
  'GET /api/loads/emails': STORE_ADMIN,
  'POST /api/loads/challenge': STORE_ADMIN,

  // Celebrations: importing people's dates
  'POST /api/celebrations/dates/file': ADMIN,
  'POST /api/celebrations/dates/review': STORE_ADMIN,
  'POST /api/celebrations/dates': STORE_ADMIN,
  'GET /api/challenges': STORE_ADMIN,
  'GET /api/challenges/:id': STORE_ADMIN,
  'GET /api/challenges/participants': STORE_ADMIN,
  'POST /api/challenges': STORE_ADMIN,
  'PUT /api/challenges/:id': STORE_ADMIN,
  'PUT /api/challenges/activate/:id': STORE_ADMIN,
  'PUT /api/challenges/deactivate/:id': STORE_ADMIN,
  'DELETE /api/challenges/delete/:id': STORE_ADMIN,
  'GET /api/challenges/userChallenge': SIGNED_IN,
  'POST /api/challenges/answers': SIGNED_IN,
  'GET /api/accounts/statistics': SIGNED_IN,
  'GET /api/accounts/myMovements': SIGNED_IN,
  // Another user's account (the caller's own is SIGNED_IN): administrators of that user's store.
  'GET /api/accounts/movements': STORE_ADMIN,
  'GET /api/accounts/myMovementsAdmin': STORE_ADMIN,
  'GET /api/program': PUBLIC,
  'GET /api/dashboard': STORE_ADMIN,

  // Peer recognition (docs/architecture.md A6.16): the feed for everyone signed in, its settings for the store's administrators
  'POST /api/recognitions': SIGNED_IN,
  'GET /api/recognitions': SIGNED_IN,
  'GET /api/recognitions/allowance': SIGNED_IN,
  'GET /api/recognitions/values': SIGNED_IN,
  'GET /api/recognitions/:id': SIGNED_IN,
  'POST /api/recognitions/:id/comments': SIGNED_IN,
  'POST /api/recognitions/:id/addons': SIGNED_IN,
  'PUT /api/recognitions/:id/reactions/:emoji': SIGNED_IN,
  'DELETE /api/recognitions/:id/reactions/:emoji': SIGNED_IN,
  'GET /api/people': SIGNED_IN,
  'GET /api/peer/stores/:id/giving': STORE_ADMIN,
  'PUT /api/peer/stores/:id/giving': STORE_ADMIN,
  'GET /api/peer/stores/:id/values': STORE_ADMIN,
  'POST /api/peer/stores/:id/values': STORE_ADMIN,
  'PUT /api/peer/values/:id': STORE_ADMIN,
  'DELETE /api/peer/values/:id': STORE_ADMIN,
  'GET /api/peer/stores/:id/report': STORE_ADMIN,
  'GET /api/peer/stores/:id/report/export': STORE_ADMIN,
  // A person of that store: its administrators.
  'POST /api/peer/users/:id/allowance-boosts': STORE_ADMIN,
  'PUT /api/peer/users/:id/manager': STORE_ADMIN,

  // Budgets, company-funded awards and approvals (docs/architecture.md A6.19): budgets for their store's
  // administrators and whoever may spend them; awards and approvals for the people they are about (404 else)
  'POST /api/budgets': STORE_ADMIN,
  'GET /api/budgets': SIGNED_IN,
  'GET /api/budgets/:id': SIGNED_IN,
  'PUT /api/budgets/:id': STORE_ADMIN,
  'POST /api/awards': SIGNED_IN,
  'GET /api/awards': SIGNED_IN,
  'GET /api/awards/:id': SIGNED_IN,
  'POST /api/awards/:id/withdraw': SIGNED_IN,
  'GET /api/approvals': SIGNED_IN,
  'POST /api/approvals/:id/approve': SIGNED_IN,
  'POST /api/approvals/:id/deny': SIGNED_IN,
  'GET /api/approvals/stores/:id/rules': STORE_ADMIN,
  'PUT /api/approvals/stores/:id/rules': STORE_ADMIN,
  // A signed approval link from an e-mail: its token is the credential
  'GET /api/approval-links/:token': PUBLIC,
  'POST /api/approval-links/:token': PUBLIC,

  // Celebrations (docs/architecture.md A6.17): a store's settings and coming celebrations, its administrators.
  'GET /api/celebrations/stores/:id/settings': STORE_ADMIN,
  'PUT /api/celebrations/stores/:id/settings': STORE_ADMIN,
  'GET /api/celebrations/stores/:id/upcoming': STORE_ADMIN,
  'GET /api/celebrations/stores/:id/upcoming/export': STORE_ADMIN,

  // The company directory (docs/architecture.md A6.18): its administration, super administrators'; SCIM,
  // a connection's token's.
  'GET /api/directory/connections': SUPER,
  'POST /api/directory/connections': SUPER,
  'DELETE /api/directory/connections/:id': SUPER,
  'GET /api/directory/audit': SUPER,
  'POST /api/directory/sync': SUPER,

  // Webhooks (docs/architecture.md A6.19): a store's endpoints are its administrators'; all-stores ones super
  // administrators'. The test's endpoint is store 1's.
  'GET /api/webhooks': ADMIN,
  'POST /api/webhooks': STORE_ADMIN,
  'GET /api/webhooks/:id': STORE_ADMIN,
  'PUT /api/webhooks/:id': STORE_ADMIN,
  'DELETE /api/webhooks/:id': STORE_ADMIN,
  'POST /api/webhooks/:id/rotate': STORE_ADMIN,
  'POST /api/webhooks/:id/test': STORE_ADMIN,
  'GET /api/webhooks/:id/deliveries': STORE_ADMIN,
  'POST /api/webhooks/deliveries/:id/redeliver': STORE_ADMIN,
  'GET /scim/v2/ServiceProviderConfig': SCIM,
  'GET /scim/v2/ResourceTypes': SCIM,
  'GET /scim/v2/ResourceTypes/:id': SCIM,
  'GET /scim/v2/Schemas': SCIM,
  'GET /scim/v2/Schemas/:id': SCIM,
  'GET /scim/v2/Users': SCIM,
  'POST /scim/v2/Users': SCIM,
  'GET /scim/v2/Users/:id': SCIM,
  'PUT /scim/v2/Users/:id': SCIM,
  'PATCH /scim/v2/Users/:id': SCIM,
  'DELETE /scim/v2/Users/:id': SCIM,

  // The audit log (docs/architecture.md A6.19): super administrators only.
  'GET /api/audit': SUPER,
  'GET /api/audit/verify': SUPER,
  'GET /api/audit/export': SUPER,

  // Mail and notifications
  'GET /api/mail/outbox': ADMIN,
  'GET /api/notifications': SIGNED_IN,
  'PUT /api/notifications/viewed': SIGNED_IN,
  'PUT /api/notifications/viewed/:id': SIGNED_IN,

  // Outside the API: the bundled identity provider (its own sign-in) and the pictures.
  '* /idp': PUBLIC,
  '* /idp/*': PUBLIC,
  'GET /idp/interaction/:uid': PUBLIC,
  'POST /idp/interaction/:uid/login': PUBLIC,
  'GET /uploads/*': PUBLIC,
};

/** The row of a route, or undefined when the table has none. */
export function accessRowOf(method: string, url: string): AccessRow | undefined {
  return ACCESS_TABLE[`${method} ${url}`] ?? ACCESS_TABLE[`* ${url}`];
}
