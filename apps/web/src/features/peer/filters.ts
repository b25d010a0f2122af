import type { FeedFilters } from './api/types';

/** A positive whole number in an address (`?valueId=3`, `/recognition/7`), else undefined. */
export function idParam(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : undefined;
}

/** The filters names /feed carries in its address. */
const names = ['valueId', 'personId', 'storeId'] as const;

/**
 * The feed's filters as /feed?valueId=&personId=&storeId= names them (the server reads the page's address the
 * same for its first data: packages/shared/src/page-requests.ts; app/first-data.test.ts compares them).
 */
export function feedFiltersOf(search: { get(name: string): string | null }): FeedFilters {
  const filters: FeedFilters = {};
  for (const name of names) {
    const id = idParam(search.get(name));
    if (id !== undefined) filters[name] = id;
  }
  return filters;
}

/** The address's query string for `filters`. */
export function feedSearchOf(filters: FeedFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of names) if (filters[name] !== undefined) params.set(name, String(filters[name]));
  return params;
}
