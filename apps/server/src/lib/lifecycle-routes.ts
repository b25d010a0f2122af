import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema, itemEnvelope } from '@rewards/shared/common';
import type { AccessLevel } from '@rewards/shared/enums';

export interface Lifecycle<S extends z.ZodTypeAny> {
  tag: string;
  access: AccessLevel;
  /** The record each call answers with (in the `{ data }` envelope). */
  item: S;
  /** Where the three routes live below the plugin's prefix: '' gives `/activate/:id`, '/products' `/products/activate/:id`. */
  prefix?: string;
  summaries: { activate: string; deactivate: string; delete?: string };
  /** Checks the caller's right to the record (404 / 403 through AppError) and sets its state. */
  setActive(request: FastifyRequest, id: number, active: boolean): Promise<z.infer<S>>;
  /** Deletes the record or refuses (409 with the module's code); omitted where records are never deleted. */
  remove?(request: FastifyRequest, id: number): Promise<z.infer<S>>;
}

/**
 * `PUT {prefix}/activate/:id`, `PUT {prefix}/deactivate/:id` and `DELETE {prefix}/delete/:id`: the state routes
 * every managed entity shares (docs/architecture.md P4, managed entities), declared once with the module's own rules.
 */
export function lifecycleRoutes<S extends z.ZodTypeAny>(app: FastifyInstance, l: Lifecycle<S>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const prefix = l.prefix ?? '';
  // Typed as a plain schema: the handlers' answers are checked by `setActive` and `remove` above instead.
  const response: { 200: z.ZodTypeAny } = { 200: itemEnvelope(l.item) };
  const done = (data: z.infer<S>) => ({ data });

  for (const active of [true, false]) {
    r.put(
      `${prefix}/${active ? 'activate' : 'deactivate'}/:id`,
      {
        config: { access: l.access },
        schema: { tags: [l.tag], summary: active ? l.summaries.activate : l.summaries.deactivate, params: idParamsSchema, response },
      },
      async (request) => done(await l.setActive(request, request.params.id, active)),
    );
  }

  const { remove } = l;
  if (!remove) return;
  r.delete(
    `${prefix}/delete/:id`,
    {
      config: { access: l.access },
      schema: { tags: [l.tag], summary: l.summaries.delete ?? `Delete a record of ${l.tag}`, params: idParamsSchema, response },
    },
    async (request) => done(await remove(request, request.params.id)),
  );
}
