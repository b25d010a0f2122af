import { api } from '@/lib/api';

/** `GET /api/users/store`: true for store accounts, which go to /admin after sign-in. */
export async function checkStoreAccount(storeId: number | null): Promise<boolean> {
  const res = await api<{ data: boolean }>('/users/store/', { query: { storeId } });
  return res.data;
}
