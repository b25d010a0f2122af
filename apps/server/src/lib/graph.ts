import { Client, GraphError, HTTPMessageHandler, type Context, type Middleware } from '@microsoft/microsoft-graph-client';

/** A Graph call that does not answer within this many milliseconds is a failed attempt (well inside a claim's lease). */
export const GRAPH_TIMEOUT_MS = 15_000;

/** Where a token comes from: cached until shortly before it expires; `invalidate` after a 401. */
export interface TokenSource {
  token(): Promise<string>;
  invalidate(): void;
}

/** A fixed token (the signed-in user's delegated access token, for /me/photo). */
export const fixedToken = (token: string): TokenSource => ({ token: async () => token, invalidate: () => undefined });

/**
 * The application's own token for Microsoft Graph (OAuth 2.0 client credentials at the directory's token
 * endpoint, scope `<graph>/.default`), kept until a minute before it expires and shared by concurrent
 * callers. The scope is always Graph's public resource: a stand-in at another address takes it as is.
 */
export function clientCredentialsToken(p: {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  now?: () => number;
}): TokenSource {
  const now = p.now ?? Date.now;
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  const fetchToken = async () => {
    const res = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: p.clientId,
        client_secret: p.clientSecret,
        scope: p.scope ?? 'https://graph.microsoft.com/.default',
      }),
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!res.ok || typeof body.access_token !== 'string') {
      throw new GraphError(res.status, `Token endpoint answered ${res.status}${typeof body.error === 'string' ? ` (${body.error})` : ''}`);
    }
    const seconds = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600;
    cached = { token: body.access_token, until: now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  };
  return {
    async token() {
      if (cached && cached.until > now()) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * Adds the bearer token to every request of the client. The SDK's own AuthenticationHandler does this
 * only for https Graph hosts (and `customHosts` over https); this client talks to GRAPH_URL alone, so a
 * local stand-in over http gets the same header as Graph does.
 */
class BearerMiddleware implements Middleware {
  private next: Middleware | undefined;
  constructor(private readonly tokens: TokenSource) {}
  async execute(context: Context): Promise<void> {
    const token = await this.tokens.token();
    const options = (context.options ??= {});
    const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set('Authorization', `Bearer ${token}`);
    options.headers = headers;
    await this.next!.execute(context);
    if (context.response?.status === 401) this.tokens.invalidate();
  }
  setNext(next: Middleware) {
    this.next = next;
  }
}

/**
 * A Microsoft Graph client (the SDK's request builder, serialisation and error parsing) at `baseUrl`
 * (GRAPH_URL, e.g. https://graph.microsoft.com), v1.0. No retry middleware: the outbox retries, with its
 * own backoff and Retry-After, across instances and restarts.
 */
export function graphClient(baseUrl: string, tokens: TokenSource): Client {
  const bearer = new BearerMiddleware(tokens);
  bearer.setNext(new HTTPMessageHandler());
  return Client.initWithMiddleware({ baseUrl: `${baseUrl.replace(/\/$/, '')}/`, defaultVersion: 'v1.0', middleware: bearer });
}

/** What a failed Graph call means for the outbox. */
export interface GraphFailure {
  /** `throttled` (429: wait Retry-After), `retry` (5xx, 401, 408, network, time-out), `refused` (another 4xx: never accepted). */
  kind: 'throttled' | 'retry' | 'refused';
  status: number;
  /** From Retry-After (seconds or an HTTP date), when the answer had one. */
  retryAfterMs: number | null;
  message: string;
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function classifyGraphError(err: unknown, now: number): GraphFailure {
  if (err instanceof GraphError && err.statusCode > 0) {
    const status = err.statusCode;
    const message = `Graph ${status}${err.code ? ` ${err.code}` : ''}: ${err.message}`.slice(0, 500);
    const retryAfterMs = parseRetryAfter(err.headers?.get('retry-after'), now);
    if (status === 429) return { kind: 'throttled', status, retryAfterMs, message };
    if (status >= 500 || status === 401 || status === 408) return { kind: 'retry', status, retryAfterMs, message };
    return { kind: 'refused', status, retryAfterMs, message };
  }
  const e = err as { message?: string; name?: string };
  return { kind: 'retry', status: 0, retryAfterMs: null, message: `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`.slice(0, 500) };
}
