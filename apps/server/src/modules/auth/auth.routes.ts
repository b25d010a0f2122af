import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemEnvelope, queryNumber, textSchema } from '@rewards/shared/common';
import { sessionUserSchema, supportContactSchema } from '@rewards/shared/users';
import type { ErrorCode } from '@rewards/shared/errors';
import { SESSION_COOKIE, requireUser } from '../../plugins/auth.ts';
import type { ServerContext } from '../../server-context.ts';
import { getSessionUser, signInUser } from '../users/users.service.ts';
import { createSession, revokeApiToken, revokeSession } from './auth.service.ts';
import { isProviderUnavailable, type InProcessFetch, type OidcClient } from './oidc-client.ts';
import { ensureProfilePhoto, type PhotoSource } from '../users/profile-photo.service.ts';
import { fixedToken, graphClient } from '../../lib/graph.ts';
import { identityProviderUnavailablePage } from './unavailable-page.ts';
import { AppError } from '../../lib/app-error.ts';
import { pickLanguage } from '../../lib/language.ts';

const FLOW_COOKIE = 'rs_oidc';
const FLOW_TTL_S = 600;
const signInRateLimit = { max: 30, timeWindow: '1 minute' };

const loginQuerySchema = z
  .object({
    returnTo: textSchema(500).optional(),
    lat: queryNumber(-90, 90).optional(),
    long: queryNumber(-180, 180).optional(),
  })
  .strict();

/** What an OpenID provider sends back: a code and state, or an error (RFC 6749 section 4.1.2). */
const callbackQuerySchema = z
  .object({
    code: textSchema(4096).optional(),
    state: textSchema(512).optional(),
    iss: textSchema(2048).optional(),
    session_state: textSchema(512).optional(),
    error: textSchema(256).optional(),
    error_description: textSchema(2048).optional(),
  })
  .strict();

const flowSchema = z.object({
  v: z.string(),
  s: z.string(),
  n: z.string(),
  r: z.string(),
  lat: z.number().optional(),
  long: z.number().optional(),
});

const LOCAL = 'http://rewards.invalid';

/**
 * Only a path of this site is a place to return to after sign-in. The value is resolved as a browser
 * would (dot segments, encoded dots, backslashes) and what comes out must still be a plain path here:
 * `/.//evil.example` resolves to `//evil.example`, which a browser reads as another host.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, LOCAL);
  } catch {
    return '/';
  }
  if (url.origin !== LOCAL || !url.pathname.startsWith('/') || /^\/[/\\]/.test(url.pathname)) return '/';
  return url.pathname + url.search + url.hash;
}

export async function authRoutes(app: FastifyInstance, opts: { deps: ServerContext; oidc: OidcClient; inProcess?: InProcessFetch }) {
  const { db, config, clock } = opts.deps;
  const { oidc } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieBase = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.session.cookieSecure };

  /** The bundled provider's pictures are this server's own files: read in-process, whatever address it listens on. */
  const photoSource = (claims: Record<string, unknown>, accessToken: string): PhotoSource | null => {
    if (config.graphPhoto) return { kind: 'graph', client: graphClient(config.graphUrl, fixedToken(accessToken)) };
    if (typeof claims.picture !== 'string' || !URL.canParse(claims.picture)) return null;
    const own = new URL(claims.picture).origin === config.publicOrigin && opts.inProcess;
    return { kind: 'url', url: claims.picture, ...(own ? { fetch: opts.inProcess } : {}) };
  };

  r.get(
    '/login',
    {
      config: { access: 'public', rateLimit: signInRateLimit },
      schema: { tags: ['auth'], summary: 'Start sign-in (redirects to the identity provider)', querystring: loginQuerySchema },
    },
    async (request, reply) => {
      const verifier = oidc.randomPKCECodeVerifier();
      const flow = {
        v: verifier,
        s: oidc.randomState(),
        n: oidc.randomNonce(),
        r: safeReturnTo(request.query.returnTo),
        lat: request.query.lat,
        long: request.query.long,
      };
      let url: URL;
      try {
        url = await oidc.authorizationUrl({
          state: flow.s,
          nonce: flow.n,
          codeChallenge: await oidc.calculatePKCECodeChallenge(verifier),
        });
      } catch (err) {
        // The provider cannot be reached: say so (503), to a browser as a page, to a client in the envelope.
        request.log.warn({ err }, 'identity provider unavailable');
        reply.header('retry-after', 30).header('cache-control', 'no-store');
        if (!/text\/html/.test(request.headers.accept ?? '')) throw new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
        const lang = pickLanguage(request.headers['accept-language']);
        return reply.status(503).type('text/html; charset=utf-8').send(identityProviderUnavailablePage(lang, request.url));
      }
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), { ...cookieBase, path: '/api/auth', signed: true, maxAge: FLOW_TTL_S });
      return reply.redirect(url.href, 302);
    },
  );

  r.get(
    '/callback',
    {
      config: { access: 'public', rateLimit: signInRateLimit },
      schema: { tags: ['auth'], summary: 'Identity provider callback', querystring: callbackQuerySchema },
    },
    async (request, reply) => {
      const fail = (code: ErrorCode) => {
        reply.clearCookie(FLOW_COOKIE, { ...cookieBase, path: '/api/auth' });
        return reply.redirect(`/login?error=${code}`, 302);
      };
      const raw = request.cookies[FLOW_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      let flow: z.infer<typeof flowSchema>;
      try {
        if (!unsigned?.valid || !unsigned.value) return fail('SIGN_IN_FAILED');
        flow = flowSchema.parse(JSON.parse(unsigned.value));
      } catch {
        return fail('SIGN_IN_FAILED');
      }
      let claims: Record<string, unknown>;
      let accessToken: string;
      try {
        ({ claims, accessToken } = await oidc.exchange(new URL(request.url, config.publicUrl), {
          codeVerifier: flow.v,
          state: flow.s,
          nonce: flow.n,
        }));
      } catch (err) {
        request.log.warn({ err }, 'sign-in callback refused');
        return fail(isProviderUnavailable(err) ? 'IDENTITY_PROVIDER_UNAVAILABLE' : 'SIGN_IN_FAILED');
      }
      const email = [claims.email, claims.preferred_username, claims.upn].find(
        (v): v is string => typeof v === 'string' && v.includes('@'),
      );
      if (!email) return fail('SIGN_IN_FAILED');
      const fullName = typeof claims.name === 'string' ? claims.name : '';
      const result = await signInUser(
        db,
        {
          email,
          name: typeof claims.given_name === 'string' ? claims.given_name : (fullName.split(' ')[0] ?? ''),
          lastName: typeof claims.family_name === 'string' ? claims.family_name : fullName.split(' ').slice(1).join(' ') || null,
          ipaddr: request.ip,
          officeLocation: typeof claims.office_location === 'string' ? claims.office_location : null,
          position: flow.lat !== undefined && flow.long !== undefined ? { lat: flow.lat, long: flow.long } : null,
        },
        clock.now(),
      );
      if (result.status === 'inactive') return fail('USER_INACTIVE');
      // The work photo, once: Microsoft Graph's /me/photo with Entra ID, else the provider's picture claim.
      await ensureProfilePhoto(db, {
        userId: result.userId,
        uploadsDir: config.uploadsDir,
        source: photoSource(claims, accessToken),
        onError: (err) => request.log.warn({ err }, 'work photo not stored'),
      });
      const session = await createSession(db, {
        userId: result.userId,
        now: clock.now(),
        ttlMs: config.session.ttlMs,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      reply.clearCookie(FLOW_COOKIE, { ...cookieBase, path: '/api/auth' });
      reply.setCookie(SESSION_COOKIE, session.token, { ...cookieBase, expires: session.expiresAt });
      const target = new URL(safeReturnTo(flow.r), LOCAL);
      target.searchParams.set('signin', result.isNew ? 'new' : 'ok');
      return reply.redirect(target.pathname + target.search + target.hash, 302);
    },
  );

  r.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The session check: the session user, or null when signed out (never 401)',
        response: { 200: z.object({ data: sessionUserSchema.nullable(), reason: z.string().optional() }) },
      },
    },
    async (request) => {
      if (!request.principal) return { data: null, ...(request.authError ? { reason: request.authError } : {}) };
      return { data: await getSessionUser(db, request.principal.id) };
    },
  );

  r.get(
    '/support',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Where to ask for help signing in (SUPPORT_CONTACT): an e-mail or a web address, or null when not configured',
        response: { 200: itemEnvelope(supportContactSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: { contact: config.supportContact } };
    },
  );

  r.post(
    '/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the session, or the personal API token the request came with',
        response: { 200: z.object({ data: z.object({ signedOut: z.literal(true) }) }) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      if (principal.sessionId) await revokeSession(db, principal.sessionId, clock.now());
      if (principal.tokenId) await revokeApiToken(db, { tokenId: principal.tokenId, userId: principal.id, now: clock.now() });
      reply.clearCookie(SESSION_COOKIE, cookieBase);
      return { data: { signedOut: true as const } };
    },
  );
}
