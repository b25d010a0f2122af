import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const rank: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const enabled = (request: FastifyRequest, level: 'debug' | 'info') => (rank[request.log.level] ?? Infinity) <= rank[level]!;

/**
 * Request logging (decision 0024): at info one line per answered request (method, url, status, time, and
 * the request id every line of the request carries); at debug Fastify's full pair (the request when it
 * arrives, the response when it is sent); above info nothing per request. Failures keep their own lines.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (enabled(request, 'debug')) request.log.debug({ req: request }, 'incoming request');
  }

  override routeNotFound(request: FastifyRequest) {
    if (enabled(request, 'debug')) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (enabled(request, 'debug')) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else if (enabled(request, 'info'))
      reply.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
  }
}
