import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';

const PROVIDER_TIMEOUT_S = 10;

/**
 * The identity provider could not be reached or failed on its side (network error, timeout, 5xx), as
 * opposed to refusing this sign-in: the user can only try again later.
 */
export function isProviderUnavailable(err: unknown): boolean {
  const e = err as { name?: string; message?: string; status?: number; cause?: { code?: string; name?: string } };
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError') return true;
  if (e.name === 'TypeError' && /fetch failed/i.test(e.message ?? '')) return true;
  if (['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(e.cause?.code ?? '')) return true;
  return typeof e.status === 'number' && e.status >= 500;
}

export type InProcessFetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

/** A fetch that answers from this same Fastify app (`inject`), for the bundled provider's endpoints. */
export function inProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (url, init) => {
    const u = new URL(url);
    const res = await app.inject({
      method: init.method as 'GET',
      url: u.pathname + u.search,
      headers: { ...init.headers, host: u.host },
      payload: init.body,
    });
    return new Response(res.rawPayload.length ? res.rawPayload : null, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, String(v)] as [string, string]],
      ),
    });
  };
}

/**
 * The relying party. With the bundled provider, its HTTP calls (discovery, token, JWKS) go to this
 * same server in-process (`inProcess`), so sign-in works whatever address the server listens on.
 */
export function createOidcClient(config: Config, inProcess?: InProcessFetch) {
  let pending: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    // A provider that does not answer within this many seconds is reported unavailable, not waited for.
    const options: client.DiscoveryRequestOptions = { timeout: PROVIDER_TIMEOUT_S };
    if (new URL(config.oidc.issuer).protocol === 'http:') options.execute = [client.allowInsecureRequests];
    if (config.oidc.bundled && inProcess) {
      options[client.customFetch] = (url, init) => {
        const body = init.body === undefined || init.body === null ? undefined : String(init.body);
        return inProcess(url, { method: init.method, headers: init.headers, body });
      };
    }
    pending ??= client
      .discovery(new URL(config.oidc.issuer), config.oidc.clientId, config.oidc.clientSecret, undefined, options)
      .then((cfg) => {
        cfg.timeout = PROVIDER_TIMEOUT_S;
        return cfg;
      })
      .catch((err) => {
        pending = null; // try discovery again on the next sign-in
        throw err;
      });
    return pending;
  }

  return {
    async authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }) {
      const cfg = await configuration();
      return client.buildAuthorizationUrl(cfg, {
        redirect_uri: `${config.publicUrl}/api/auth/callback`,
        scope: config.oidc.scope,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
        state: params.state,
        nonce: params.nonce,
        // The demo provider always shows its account list, so switching accounts is one click.
        ...(config.oidc.bundled ? { prompt: 'login' } : {}),
      });
    },
    async exchange(callbackUrl: URL, expected: { codeVerifier: string; state: string; nonce: string }) {
      const cfg = await configuration();
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Providers that keep the ID token small (ours, by default) give the profile at UserInfo.
      const claims: Record<string, unknown> =
        typeof idClaims.email === 'string' || typeof idClaims.preferred_username === 'string'
          ? idClaims
          : { ...(await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub)), ...idClaims };
      return { claims, accessToken: tokens.access_token };
    },
    randomPKCECodeVerifier: client.randomPKCECodeVerifier,
    calculatePKCECodeChallenge: client.calculatePKCECodeChallenge,
    randomState: client.randomState,
    randomNonce: client.randomNonce,
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
