import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A react-hook-form resolver that loads its schema on first use; `prefetch` starts that load earlier. */
export type LazyResolver<In extends FieldValues, Out> = Resolver<In, unknown, Out> & {
  /**
   * Starts loading the schema and the resolver (the form calls it on its first focus, so a submit does not
   * wait); resolves once they are ready and never rejects: a failed load is tried again by the next call.
   */
  prefetch: () => Promise<void>;
};

/**
 * `zodResolver(schema)` without zod in the page's first download (docs/decisions/0028-light-first-paint.md):
 * the schema module of packages/shared and `@hookform/resolvers/zod` are imported when the form first
 * validates (or `prefetch` is called), once, and every call then goes to the same `zodResolver(schema)`, so
 * errors and values are exactly zodResolver's. Create it once, at module level:
 *
 *   const resolver = lazyZodResolver(() => import('@rewards/shared/stores').then((m) => m.storeEditSchema));
 *   useForm<z.input<typeof storeEditSchema>, unknown, z.output<typeof storeEditSchema>>({ resolver });
 *   <form onFocusCapture={resolver.prefetch} …>
 */
export function lazyZodResolver<S extends z.ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<S>,
): LazyResolver<z.input<S>, z.output<S>> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let ready: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;

  const load = (): Promise<Loaded> =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => (ready = zodResolver(schema) as Loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  const resolver: Loaded = (values, context, options) =>
    ready ? ready(values, context, options) : load().then((resolve) => resolve(values, context, options));

  return Object.assign(resolver, {
    prefetch: () =>
      load().then(
        () => undefined,
        () => undefined,
      ),
  });
}
