/** Query keys of budgets, awards and approvals: every one starts with `awards`. */
export const awardKeys = {
  all: ['awards'] as const,
  budgets: ['awards', 'budgets'] as const,
  budgetList: (filters: { storeId?: number; closed?: boolean; page: number; spendable?: boolean }) =>
    ['awards', 'budgets', 'list', filters] as const,
  budget: (id: number, page: number) => ['awards', 'budgets', 'one', id, page] as const,
  given: ['awards', 'given'] as const,
  givenPage: (page: number) => ['awards', 'given', page] as const,
  award: (id: number) => ['awards', 'given', 'one', id] as const,
  approvals: ['awards', 'approvals'] as const,
  approvalsPage: (page: number) => ['awards', 'approvals', page] as const,
  rules: (storeId: number) => ['awards', 'rules', storeId] as const,
  link: (token: string) => ['awards', 'link', token] as const,
};
