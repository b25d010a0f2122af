import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@rewards/shared/banners';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { bannerKeys } from './keys';

export const bannersQueryOptions = (storeId: number | null | undefined) =>
  queryOptions({
    queryKey: bannerKeys.shop(storeId),
    queryFn: () => api<ListResponse<Banner>>('/banners/', { query: { storeId } }),
    staleTime: 5 * 60_000,
  });

export function useBanners(storeId: number | null | undefined) {
  return useQuery(bannersQueryOptions(storeId));
}
