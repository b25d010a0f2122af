/** Query keys of the loads feature: every list and report starts with `loads`, so one invalidation refreshes them all. */
export const loadKeys = {
  all: ['loads'] as const,
  rewards: (storeId: number) => ['loads', 'rewards', storeId] as const,
  list: (query: object) => ['loads', 'list', query] as const,
  one: (id: number) => ['loads', 'one', id] as const,
  emails: (query: object) => ['loads', 'emails', query] as const,
  consolidated: (query: object) => ['loads', 'consolidated', query] as const,
};
