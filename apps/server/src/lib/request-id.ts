import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What an id from the proxy may look like: a short token that cannot break a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The id of a request (Fastify's `genReqId`): the proxy's `X-Request-Id` when the server is behind a proxy
 * it trusts (TRUST_PROXY) and the id is a safe short token, so one id follows the request from nginx's log
 * to ours; otherwise a new UUID. Every log line of the request carries it (`reqId`), every error body too
 * (`requestId`), and the answer sends it back in `X-Request-Id`.
 */
export function requestIdGenerator(trustProxy: unknown): (req: IncomingMessage) => string {
  const fromProxy = trustProxy !== false && trustProxy !== undefined;
  return (req) => {
    const incoming = fromProxy ? req.headers['x-request-id'] : undefined;
    return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}

/** Sends the request id back on every answer: synchronous, one header (decision 0024: no work per request beyond that). */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
