import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { UPCOMING_DAYS } from '@rewards/shared/celebration-rules';
import type { Language } from '@rewards/shared/enums';
import { api, downloadFile } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';
import { celebrationKeys } from './keys';
import type { UpcomingPage } from './types';

export const UPCOMING_PAGE_SIZE = 20;

/**
 * `GET /api/celebrations/stores/{id}/upcoming?days=30&page=&pageSize=`: the store's people's celebrations of
 * the next 30 local days of each one's zone, by date.
 */
export const upcomingQueryOptions = (storeId: number, page: number) =>
  queryOptions({
    queryKey: celebrationKeys.upcoming(storeId, page),
    queryFn: ({ signal }) =>
      api<UpcomingPage>(`/celebrations/stores/${storeId}/upcoming`, {
        query: { days: UPCOMING_DAYS, page, pageSize: UPCOMING_PAGE_SIZE },
        signal,
      }),
  });

export function useUpcoming(storeId: number, page: number) {
  return useQuery({ ...upcomingQueryOptions(storeId, page), placeholderData: keepPreviousData });
}

export type UpcomingFormat = 'xlsx' | 'csv';

/** The file's name in the reader's language, as the server names it: `celebraciones-1-2026-03-02.xlsx`. */
const fileName: Record<Language, string> = { es: 'celebraciones', en: 'celebrations' };

/** `GET /api/celebrations/stores/{id}/upcoming/export?format=`: the same list as XLSX or CSV. */
export function useExportUpcoming() {
  return useMutation({
    mutationFn: ({ storeId, from, format }: { storeId: number; from: string; format: UpcomingFormat }) =>
      downloadFile(`/celebrations/stores/${storeId}/upcoming/export`, `${fileName[currentLanguage()]}-${storeId}-${from}.${format}`, {
        format,
        days: UPCOMING_DAYS,
      }),
    meta: ownErrors,
  });
}
