import { rootKeys } from '@/lib/query-keys';

/** Query keys of the orders feature: every list and detail starts with `orders`, so one invalidation refreshes them all. */
export const orderKeys = {
  all: rootKeys.orders,
  mine: (page: number) => [...rootKeys.orders, 'mine', page] as const,
  admin: (query: object) => [...rootKeys.orders, 'admin', query] as const,
  one: (id: number) => [...rootKeys.orders, 'one', id] as const,
  tracking: (id: number) => [...rootKeys.orders, 'tracking', id] as const,
};
