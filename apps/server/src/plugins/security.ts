import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers: a content security policy that allows our own origin only (no inline script ever;
 * inline styles for toasts and the sign-in page), no framing, HSTS and upgraded requests in production.
 */
export const securityHeadersPlugin = fp(async function securityHeadersPlugin(app: FastifyInstance, opts: { config: Config }) {
  await app.register(helmet, {
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
        ...(opts.config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: opts.config.production,
  });
});
