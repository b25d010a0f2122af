import { useMutation } from '@tanstack/react-query';
import type { LoadFile } from '@rewards/shared/loads';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';

/** Sends a CSV or XLSX to the server, which reads its e-mails (docs/decisions/0005-bulk-loads.md). */
export function useReadEmailFile() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await api<{ data: LoadFile }>('/loads/emails/file', { method: 'POST', body: form })).data;
    },
    meta: ownErrors,
  });
}
