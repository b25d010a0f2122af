import { rootKeys } from '@/lib/query-keys';

/** Query keys of the banners feature: the shop's carousel and the admin pages both start with `banners`. */
export const bannerKeys = {
  all: rootKeys.banners,
  shop: (storeId: number | null | undefined) => [...rootKeys.banners, 'shop', storeId ?? 'default'] as const,
  admin: (query: object) => [...rootKeys.banners, 'admin', query] as const,
};
