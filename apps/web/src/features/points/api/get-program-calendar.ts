import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramCalendar } from '@rewards/shared/program';
import { api } from '@/lib/api';
import { pointsKeys } from './keys';

export const programCalendarQueryOptions = () =>
  queryOptions({
    queryKey: pointsKeys.program,
    queryFn: async () => (await api<{ data: ProgramCalendar }>('/program')).data,
    staleTime: 60 * 60_000,
  });

/** The current program year's windows (configured on the server, in the program's time zone). */
export function useProgramCalendar() {
  return useQuery(programCalendarQueryOptions());
}
