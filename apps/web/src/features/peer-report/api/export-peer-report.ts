import { useMutation } from '@tanstack/react-query';
import type { Language } from '@rewards/shared/enums';
import type { ReportFormat } from '@rewards/shared/peer-report-rules';
import { downloadFile } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';

/** The file's name in the reader's language, as the server names it: `reconocimientos-1-2026-11-01-2026-11-30.csv`. */
const fileName: Record<Language, string> = { es: 'reconocimientos', en: 'recognitions' };

/** Downloads the store's gives of the period (streamed by the server, one row per give and recipient) as XLSX or CSV. */
export function useExportPeerReport() {
  return useMutation({
    mutationFn: ({ storeId, from, to, format }: { storeId: number; from: string; to: string; format: ReportFormat }) =>
      downloadFile(`/peer/stores/${storeId}/report/export`, `${fileName[currentLanguage()]}-${storeId}-${from}-${to}.${format}`, {
        from,
        to,
        format,
      }),
    meta: ownErrors,
  });
}
