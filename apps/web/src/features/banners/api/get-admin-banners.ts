import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@rewards/shared/banners';
import type { ListResponse } from '@rewards/shared/common';
import { api } from '@/lib/api';
import { bannerKeys } from './keys';

export type AdminBannersQuery = {
  storeId: number;
  page?: number;
  pageSize?: number;
};

export const adminBannersQueryOptions = (query: AdminBannersQuery) =>
  queryOptions({
    queryKey: bannerKeys.admin(query),
    queryFn: () => api<ListResponse<Banner>>('/banners/admin/', { query }),
    placeholderData: keepPreviousData,
  });

/** A store's banners for /admin/banners, active or not, by position. */
export function useAdminBanners(query: AdminBannersQuery) {
  return useQuery(adminBannersQueryOptions(query));
}
