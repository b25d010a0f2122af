import { rootKeys } from '@/lib/query-keys';

/** Query keys of the products feature: every list, row and detail starts with `products`. */
export const productKeys = {
  all: rootKeys.products,
  admin: (query: object) => [...rootKeys.products, 'admin', query] as const,
  list: (signedIn: boolean, query: object) => [...rootKeys.products, 'list', signedIn, query] as const,
  detail: (slug: string, signedIn: boolean) => [...rootKeys.products, 'detail', slug, signedIn] as const,
  row: (kind: string, userId: number | null) => [...rootKeys.products, 'row', kind, userId] as const,
  other: (query: object, signedIn: boolean) => [...rootKeys.products, 'other', query, signedIn] as const,
};
