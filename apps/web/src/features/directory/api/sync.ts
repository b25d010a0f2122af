import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { directoryKeys } from './keys';
import type { DirectorySyncReport } from './types';

export interface SyncRequest {
  file: File;
  dryRun: boolean;
  deactivateMissing: boolean;
}

/**
 * `POST /api/directory/sync?dryRun=&deactivateMissing=` (multipart `file`, CSV or XLSX): what the file changes,
 * written only when `dryRun` is false. An applied sync adds to the audit list, which reloads.
 */
export function useDirectorySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, dryRun, deactivateMissing }: SyncRequest) => {
      const form = new FormData();
      form.append('file', file);
      return (
        await api<{ data: DirectorySyncReport }>('/directory/sync', {
          method: 'POST',
          query: { dryRun, deactivateMissing },
          body: form,
        })
      ).data;
    },
    onSuccess: (report) => {
      if (!report.dryRun) return queryClient.invalidateQueries({ queryKey: directoryKeys.audits });
    },
    meta: ownErrors,
  });
}
