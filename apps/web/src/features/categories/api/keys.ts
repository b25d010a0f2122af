import { rootKeys } from '@/lib/query-keys';

/** Query keys of the categories feature: the shop's list per store and the admin pages both start with `categories`. */
export const categoryKeys = {
  all: rootKeys.categories,
  shop: (storeId: number | null | undefined) => [...rootKeys.categories, storeId ?? 'default'] as const,
  admin: (query: object) => [...rootKeys.categories, 'admin', query] as const,
};
