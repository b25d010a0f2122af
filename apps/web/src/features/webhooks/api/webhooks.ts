import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from './types';

/** Query keys of the webhooks: every one starts with `webhooks`. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: number, filters: { page: number; status?: WebhookDeliveryStatus }) =>
    ['webhooks', 'deliveries', endpointId, filters] as const,
};

/** `GET /api/webhooks`: the endpoints of the caller's stores (and the all-stores ones for super administrators). */
export function useEndpoints() {
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async ({ signal }) => (await api<{ data: WebhookEndpoint[] }>('/webhooks', { signal })).data,
  });
}

/** `GET /api/webhooks/{id}/deliveries`: the last 30 days, newest first, 20 a page; by status. */
export function useDeliveries(endpointId: number, filters: { page: number; status?: WebhookDeliveryStatus }) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, filters),
    queryFn: async ({ signal }) =>
      api<{ data: WebhookDelivery[]; page: number; totalPages: number; totalCount: number }>(`/webhooks/${endpointId}/deliveries`, {
        signal,
        query: { page: filters.page, status: filters.status },
      }),
    placeholderData: keepPreviousData,
  });
}

function useWebhookMutation<In, Out>(fn: (input: In) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
    meta: ownErrors,
  });
}

/** `POST /api/webhooks`: the answer carries the secret this once; it goes to the caller, never to the cache. */
export const useCreateEndpoint = () =>
  useWebhookMutation(
    async (values: WebhookEndpointCreate) =>
      (await api<{ data: WebhookEndpointWithSecret }>('/webhooks', { method: 'POST', body: values })).data,
  );

/** `PUT /api/webhooks/{id}`. */
export const useUpdateEndpoint = () =>
  useWebhookMutation(
    async ({ id, ...values }: WebhookEndpointUpdate & { id: number }) =>
      (await api<{ data: WebhookEndpoint }>(`/webhooks/${id}`, { method: 'PUT', body: values })).data,
  );

/** `DELETE /api/webhooks/{id}`. */
export const useDeleteEndpoint = () =>
  useWebhookMutation(async (id: number) => (await api<{ data: { id: number } }>(`/webhooks/${id}`, { method: 'DELETE' })).data);

/** `POST /api/webhooks/{id}/rotate`: a new secret, shown this once. */
export const useRotateSecret = () =>
  useWebhookMutation(
    async (id: number) => (await api<{ data: WebhookEndpointWithSecret }>(`/webhooks/${id}/rotate`, { method: 'POST' })).data,
  );

/** `POST /api/webhooks/{id}/test`: a webhook.test event to that endpoint. */
export const useSendTest = () =>
  useWebhookMutation(async (id: number) => (await api<{ data: WebhookDelivery }>(`/webhooks/${id}/test`, { method: 'POST' })).data);

/** `POST /api/webhooks/deliveries/{id}/redeliver`: the same event (same id) again. */
export const useRedeliver = () =>
  useWebhookMutation(
    async (deliveryId: number) =>
      (await api<{ data: WebhookDelivery }>(`/webhooks/deliveries/${deliveryId}/redeliver`, { method: 'POST' })).data,
  );
