import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { directoryKeys } from './keys';
import type { DirectoryConnection, DirectoryConnectionCreate, DirectoryConnectionCreated } from './types';

/** `GET /api/directory/connections`: the SCIM connections, newest first, revoked ones too (never their tokens). */
export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: directoryKeys.connections,
    queryFn: async ({ signal }) => (await api<{ data: DirectoryConnection[] }>('/directory/connections', { signal })).data,
  });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

/**
 * `POST /api/directory/connections`: a new SCIM connection. The answer carries its token this once; it goes
 * to the caller, never to the query cache (the list reloads without it).
 */
export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DirectoryConnectionCreate) =>
      (await api<{ data: DirectoryConnectionCreated }>('/directory/connections', { method: 'POST', body: values })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.connections }),
    meta: ownErrors,
  });
}

/** `DELETE /api/directory/connections/{id}`: revokes a connection (its token stops working); the list reloads. */
export function useRevokeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api<{ data: DirectoryConnection }>(`/directory/connections/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.connections }),
    meta: ownErrors,
  });
}
