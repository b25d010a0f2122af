import { useMutation } from '@tanstack/react-query';
import type { ConsolidatedFilters } from '@rewards/shared/loads';
import { downloadFile } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/** Downloads the consolidated rows (streamed by the server) as XLSX or CSV. */
export function useExportConsolidated() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: Partial<ConsolidatedFilters>; format: 'xlsx' | 'csv' }) =>
      downloadFile('/loads/consolidated/export', `consolidated-${new Date().toISOString().slice(0, 10)}.${format}`, { ...filters, format }),
    meta: ownErrors,
  });
}
