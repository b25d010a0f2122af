import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { withoutCredentials, type ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's front for cache hits (lib/hot-answers.ts). */
    hotAnswers: HotAnswers;
  }
}

/** The options of Fastify's that shape its HTTP server (lib/server.js of Fastify 5). */
interface ServerOptions {
  http?: http.ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

const INFO_AND_BELOW = new Set(['trace', 'debug', 'info']);
const infoEnabled = (log: FastifyBaseLogger) => INFO_AND_BELOW.has(log.level);

/** What the front needs from the app, known only once the app is built (`HotAnswers.attach`). */
interface Wiring {
  cache: ResponseCache;
  /** The security headers of an API answer (plugins/security.ts), the same Fastify sends. */
  headers: Record<string, string>;
  /** The request id, as Fastify's `genReqId` makes it (lib/request-id.ts). */
  requestId: (req: IncomingMessage) => string;
  log: FastifyBaseLogger;
}

/**
 * The server's front for cache hits (decision 0024, fifth pass): a GET without credentials for a URL that
 * Fastify answered from the response cache in the last second is answered again here, before Fastify builds
 * its request and reply, with the same bytes and headers (security headers, request id, content type,
 * Vary, the compressed variant the client accepts). What a cache hit skips is only what does not apply to
 * it: the route was matched, the access rule (public) checked, the query validated and the key named by
 * Fastify for that very URL; reads are not rate limited; no session is involved (a request with the session
 * cookie or a bearer token always goes to Fastify); every invalidation forgets the URLs with the answers.
 * It logs the same one line at info and feeds the same metrics. While the server shuts down, Fastify answers.
 */
export class HotAnswers {
  private wiring?: Wiring;
  private closing = false;
  private base: string[] = [];
  /** Answers sent by the front (tests read it). */
  answered = 0;
  /** Told of every answer the front sends: the metrics plugin's request histogram, when metrics are on. */
  observe?: (method: string, route: string, status: number, seconds: number) => void;

  attach(wiring: Wiring) {
    this.wiring = wiring;
    this.base = Object.entries({
      ...wiring.headers,
      'content-type': 'application/json; charset=utf-8',
      vary: 'accept-encoding',
    }).flat();
  }

  /** From now on Fastify answers everything (preClose). */
  close() {
    this.closing = true;
  }

  /** Answers `req` if it is a hot cache hit; false leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const w = this.wiring;
    if (w === undefined || this.closing || req.method !== 'GET' || req.url === undefined) return false;
    const hit = w.cache.urlAnswer(req.url);
    if (hit === undefined || !withoutCredentials(req.headers)) return false;
    const start = performance.now();
    const id = w.requestId(req);
    const { body, encoding } = hit.body.encoded(req.headers['accept-encoding']);
    // The header list of this answer in this encoding is made once; only the request id changes. Node
    // writes the list out within writeHead, so one array serves every request.
    const headers = ((hit.body.frontHeaders ??= {})[encoding ?? 'identity'] ??= [
      ...this.base,
      'content-length',
      String(body.length),
      ...(encoding ? ['content-encoding', encoding] : []),
      'x-request-id',
      '',
    ]);
    headers[headers.length - 1] = id;
    res.writeHead(200, headers);
    res.end(body);
    this.answered++;
    const ms = performance.now() - start;
    if (infoEnabled(w.log)) w.log.info({ reqId: id, method: 'GET', url: req.url, statusCode: 200, ms: Math.round(ms) }, 'request');
    this.observe?.('GET', hit.route, 200, ms / 1000);
    return true;
  }

  /** Fastify's `serverFactory`: its HTTP/1 server, as Fastify would make it, with this front before its handler. */
  serverFactory() {
    return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: ServerOptions) => {
      const server = http.createServer(options.http ?? {}, (req, res) => {
        if (!this.answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    };
  }
}
