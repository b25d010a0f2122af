import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no /api handler is running (or after `timeoutMs`): shutdown closes the database after it. */
    drained(timeoutMs: number): Promise<void>;
  }
}

/**
 * Counts /api handlers still running. A client that hangs up does not stop its handler, and the server
 * closing its sockets does not either: shutdown waits for them before it closes the database, so an
 * order that committed still answers instead of failing on a closed pool.
 */
export function trackInFlight(app: FastifyInstance) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const done = () => {
    running--;
    if (running === 0) waiting.splice(0).forEach((resolve) => resolve());
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      running++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        done();
        throw err;
      }
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    } as RouteHandlerMethod;
  });
  app.decorate('drained', (timeoutMs: number) =>
    running === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, timeoutMs).unref();
        }),
  );
}
