import { rootKeys } from '@/lib/query-keys';

/** Query keys of the points feature: the account's figures and movements, and the program calendar. */
export const pointsKeys = {
  account: rootKeys.account,
  statistics: () => [...rootKeys.account, 'statistics'] as const,
  movements: (period: object, page: number) => [...rootKeys.account, 'movements', period, page] as const,
  program: rootKeys.program,
};
