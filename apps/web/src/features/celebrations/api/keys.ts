/** Query keys of celebrations: every one starts with `celebrations`. */
export const celebrationKeys = {
  all: ['celebrations'] as const,
  settings: (storeId: number) => ['celebrations', 'settings', storeId] as const,
  budgets: (storeId: number) => ['celebrations', 'budgets', storeId] as const,
  upcomings: (storeId: number) => ['celebrations', 'upcoming', storeId] as const,
  upcoming: (storeId: number, page: number) => ['celebrations', 'upcoming', storeId, page] as const,
};
