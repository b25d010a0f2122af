import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The security headers every answer carries: a content security policy that allows our own origin only
 * (no inline script ever; inline styles for toasts and the sign-in page), no framing, HSTS and upgraded
 * requests in production, and the rest of helmet's defaults. They do not depend on the request, so
 * helmet computes them once at start-up (decision 0024: per request it cost a tenth of a cache hit).
 */
export function securityHeaders(config: Pick<Config, 'production'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.production,
  })({} as IncomingMessage, capture, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

/**
 * Headers that only act on a document the browser renders (its scripts' sources and requests, its browsing
 * context, legacy IE and Flash behaviours): meaningless on a JSON answer or a script file.
 */
export const documentOnlyHeaders = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * The API's answers that are never rendered as a page (everything under /api/ but the documentation viewer
 * and the sign-in redirects, which may show a page). They keep what protects a response opened on its own
 * (OWASP's REST set): the content security policy with `frame-ancestors 'none'`, X-Frame-Options,
 * nosniff, the resource policy and HSTS; the document-only headers go (decision 0024: seven fewer headers
 * to validate and write per answer, a tenth of a cache hit).
 */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith('/api/auth/');
}

/** The security headers of an API answer (`isApiAnswer`): every one but the document-only ones. */
export function apiSecurityHeaders(config: Pick<Config, 'production'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(securityHeaders(config)).filter(([name]) => !(documentOnlyHeaders as readonly string[]).includes(name)),
  );
}

export const securityHeadersPlugin = fp(async function securityHeadersPlugin(app: FastifyInstance, opts: { config: Config }) {
  const headers = securityHeaders(opts.config);
  const apiHeaders = apiSecurityHeaders(opts.config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : headers);
    done();
  });
});
