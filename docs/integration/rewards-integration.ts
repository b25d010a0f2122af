/**
 * An integration as an HR system would write it, with a personal API token of a store administrator
 * (README.md, "Integrate"): read the week's orders of a store, and credit a bulk load of points from the
 * HR system's CSV export. Typed by the client generated from the served OpenAPI document
 * (`npm run api:types`), through openapi-fetch.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/api.d.ts';

export type RewardsClient = Client<paths>;
type OrdersPage = paths['/api/orders']['get']['responses'][200]['content']['application/json'];
export type Order = OrdersPage['data'][number];
export type Load = paths['/api/loads']['post']['responses'][201]['content']['application/json']['data'];
export type Review = paths['/api/loads/review']['post']['responses'][200]['content']['application/json']['data'];
export type ApiError = components['schemas']['ErrorResponse'];

/** An answer that is not a success: the API's error envelope, with the status. */
export class RewardsApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
  ) {
    super(`${status} ${body?.code ?? ''}: ${body?.message ?? 'no error body'}`);
  }
}

/** The data of a call, or a RewardsApiError with the envelope's code and message. */
async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw new RewardsApiError(response.status, error as ApiError | undefined);
  return data;
}

/** A client of the API at `baseUrl` (PUBLIC_URL) that signs every request with a personal API token. */
export function createRewardsClient(baseUrl: string, token: string): RewardsClient {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
}

/** Monday and Sunday (YYYY-MM-DD) of the week holding `day`; the server reads days in the program's time zone. */
export function weekOf(day: Date): { from: string; to: string } {
  const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7)));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/** Every order of a store placed in the week holding `day`, following the pages (at most 100 a page). */
export async function weekOrders(client: RewardsClient, storeId: number, day: Date): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; ; page++) {
    const answer = await ok(client.GET('/api/orders', { params: { query: { storeId, ...weekOf(day), page, pageSize: 100 } } }));
    orders.push(...answer.data);
    if (page >= answer.totalPages) return orders;
  }
}

export interface LoadRequest {
  storeId: number;
  /** The recognition credited; without it, the store's first active one. */
  rewardId?: number;
  reason: string;
  /** Points each receiver gets; without it, the recognition's. */
  points?: number;
  /** The HR export (CSV or XLSX): the server detects its encoding, separator and e-mail column. */
  file: Blob;
  fileName: string;
  /** The same key replays the first load instead of crediting twice (8 to 100 characters). */
  idempotencyKey: string;
}

/**
 * Credits a load from an HR export, as the admin wizard does: the server reads the e-mails of the file,
 * reviews which ones it can credit (unknown, inactive, other store, frequency limits are refused), and
 * the load is confirmed with an Idempotency-Key, so a retry after a lost answer never pays twice.
 */
export async function creditLoadFromFile(
  client: RewardsClient,
  request: LoadRequest,
): Promise<{ review: Review; load: Load; replayed: boolean }> {
  const { storeId, reason, points } = request;
  const file = await ok(
    client.POST('/api/loads/emails/file', {
      body: { file: request.file },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file, request.fileName);
        return form;
      },
    }),
  );
  // Without one given: the first recognition counted per period (a once-per-activity one, such as a webinar,
  // needs the activity's title and date, which an HR export does not carry).
  const rewardId =
    request.rewardId ??
    (await ok(client.GET('/api/loads/rewards', { params: { query: { storeId } } }))).data.find((r) => r.frequencyPeriod !== 'activity')?.id;
  if (rewardId === undefined) throw new Error(`store ${storeId} has no active recognition to credit`);
  const emails = file.data.emails;
  const review = (await ok(client.POST('/api/loads/review', { body: { storeId, rewardId, emails, points } }))).data;
  const { data, error, response } = await client.POST('/api/loads', {
    params: { header: { 'idempotency-key': request.idempotencyKey } },
    body: { storeId, rewardId, emails, points, reason },
  });
  if (error !== undefined || data === undefined) throw new RewardsApiError(response.status, error as ApiError | undefined);
  return { review, load: data.data, replayed: response.status === 200 };
}
