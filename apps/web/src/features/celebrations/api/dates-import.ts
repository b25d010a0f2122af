import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { celebrationKeys } from './keys';
import type { DatesConfirmResult, DatesFile, DatesRejectionReason, DatesReview, DatesRow } from './types';

/** Rows a review request carries (the server takes up to 100,000 at once; smaller requests show progress). */
export const DATES_REVIEW_CHUNK = 5_000;

/** `POST /api/celebrations/dates/file` (multipart `file`): the server reads a CSV or XLSX's e-mails and dates. */
export function useReadDatesFile() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await api<{ data: DatesFile }>('/celebrations/dates/file', { method: 'POST', body: form })).data;
    },
    meta: ownErrors,
  });
}

export type DatesOutcome =
  | { status: 'correct'; userId: number; name: string; birthday: string | null; hireDate: string | null }
  | { status: 'incorrect'; reason: DatesRejectionReason };

/** An e-mail as compared for duplicates: trimmed, any case. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * Reviews the rows in requests of DATES_REVIEW_CHUNK (`POST /api/celebrations/dates/review`, which writes
 * nothing), reporting progress after each. A row whose e-mail came earlier in the list is refused here as
 * DUPLICATE_IN_LIST (another request would not see the first); the server decides the rest. One outcome per
 * row, by position.
 */
export async function reviewDatesInChunks(
  storeId: number,
  rows: readonly DatesRow[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<DatesOutcome[]> {
  const outcomes: (DatesOutcome | undefined)[] = Array.from({ length: rows.length }, () => undefined);
  const seen = new Set<string>();
  const unique: number[] = [];
  rows.forEach((row, i) => {
    const key = emailKey(row.email);
    if (key && seen.has(key)) outcomes[i] = { status: 'incorrect', reason: 'DUPLICATE_IN_LIST' };
    else {
      if (key) seen.add(key);
      unique.push(i);
    }
  });
  let done = rows.length - unique.length;
  onProgress(done, rows.length);
  for (let start = 0; start < unique.length; start += DATES_REVIEW_CHUNK) {
    const chunk = unique.slice(start, start + DATES_REVIEW_CHUNK);
    const { data } = await api<{ data: DatesReview }>('/celebrations/dates/review', {
      method: 'POST',
      signal,
      body: { storeId, rows: chunk.map((i) => rows[i]) },
    });
    for (const c of data.correct)
      if (chunk[c.index] !== undefined)
        outcomes[chunk[c.index]!] = { status: 'correct', userId: c.userId, name: c.name, birthday: c.birthday, hireDate: c.hireDate };
    for (const r of data.incorrect) if (chunk[r.index] !== undefined) outcomes[chunk[r.index]!] = { status: 'incorrect', reason: r.reason };
    done += chunk.length;
    onProgress(done, rows.length);
  }
  // A row the server named in neither list is not taken as correct.
  return outcomes.map((o) => o ?? { status: 'incorrect', reason: 'INVALID_FORMAT' });
}

/** `POST /api/celebrations/dates`: saves the reviewed rows' dates (the server checks them again), in one request. */
export function useConfirmDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, rows }: { storeId: number; rows: DatesRow[] }) =>
      api<{ data: DatesConfirmResult }>('/celebrations/dates', { method: 'POST', body: { storeId, rows } }).then((r) => r.data),
    onSuccess: (_, { storeId }) => queryClient.invalidateQueries({ queryKey: celebrationKeys.upcomings(storeId) }),
    meta: ownErrors,
  });
}
