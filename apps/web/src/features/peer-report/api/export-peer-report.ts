import { useMutation } from '@tanstack/react-query';
import type { ReportFormat } from '@rewards/shared/peer-report-rules';
import { downloadFile } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/** Downloads the store's gives of the period (streamed by the server, one row per give and recipient) as XLSX or CSV. */
export function useExportPeerReport() {
  return useMutation({
    mutationFn: ({ storeId, from, to, format }: { storeId: number; from: string; to: string; format: ReportFormat }) =>
      downloadFile(`/peer/stores/${storeId}/report/export`, `recognitions-${storeId}-${from}-${to}.${format}`, { from, to, format }),
    meta: ownErrors,
  });
}
