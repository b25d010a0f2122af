/**
 * The first element of every query key, one per feature. A feature builds its keys from its root
 * (`features/<f>/api/keys.ts`), and a change that makes another feature's data stale (an order empties
 * the cart) invalidates that feature's root from here: features do not import each other.
 */
export const rootKeys = {
  session: ['session'],
  headerCounts: ['header-counts'],
  cart: ['cart'],
  wishlist: ['wishlist'],
  orders: ['orders'],
  products: ['products'],
  categories: ['categories'],
  banners: ['banners'],
  inventory: ['inventory'],
  account: ['account'],
  program: ['program'],
} as const;
