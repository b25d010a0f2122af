import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@rewards/shared/products';
import { api, ApiError } from '@/lib/api';
import { productKeys } from './keys';

/**
 * The product page (docs/architecture.md P7): the public slug endpoint first; signed in, the product is then
 * checked against the user's store through the Auth endpoint, and a 401 there falls back to the public answer.
 */
async function getProduct(slug: string, signedIn: boolean): Promise<Product> {
  const { data } = await api<{ data: Product }>(`/products/slug/${encodeURIComponent(slug)}`);
  if (!signedIn) return data;
  try {
    return (await api<{ data: Product }>(`/productsAuth/${data.id}`, { allowUnauthorized: true })).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return data;
    throw err;
  }
}

export const productQueryOptions = (slug: string, signedIn: boolean) =>
  queryOptions({ queryKey: productKeys.detail(slug, signedIn), queryFn: () => getProduct(slug, signedIn), retry: false });

export function useProduct(slug: string, signedIn: boolean) {
  return useQuery({ ...productQueryOptions(slug, signedIn), enabled: !!slug });
}
