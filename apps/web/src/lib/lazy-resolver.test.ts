import { describe, expect, it, vi } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const schema = z
  .object({
    name: z.string().trim().min(2, 'Too short!'),
    points: z.coerce.number().int().min(1),
    lines: z.array(z.object({ quantity: z.coerce.number().int().max(5) })),
  })
  .strict();
type In = z.input<typeof schema>;

const options: ResolverOptions<In> = { fields: {}, shouldUseNativeValidation: false };
const invalid: In = { name: ' a ', points: 'x', lines: [{ quantity: 2 }, { quantity: 9 }] };
const valid: In = { name: '  Ana  ', points: '150', lines: [{ quantity: '3' }] };

describe('lazyZodResolver', () => {
  it('answers errors and values exactly as zodResolver does', async () => {
    const lazy = lazyZodResolver(async () => schema);
    const eager = zodResolver(schema);
    for (const values of [invalid, valid]) {
      expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
    }
    expect(await lazy(valid, undefined, options)).toEqual({ values: { name: 'Ana', points: 150, lines: [{ quantity: 3 }] }, errors: {} });
    const result = await lazy(invalid, undefined, { ...options, criteriaMode: 'all' });
    expect(result).toEqual(await eager(invalid, undefined, { ...options, criteriaMode: 'all' }));
    expect(Object.keys(result.errors)).toEqual(['name', 'points', 'lines']);
    expect(result.errors.name?.message).toBe('Too short!');
  });

  it('loads the schema once, however many calls and prefetches arrive', async () => {
    const load = vi.fn(async () => schema);
    const lazy = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([lazy.prefetch(), lazy(valid, undefined, options), lazy(invalid, undefined, options), lazy.prefetch()]);
    await lazy(valid, undefined, options);
    await lazy.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load; prefetch never rejects', async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const lazy = lazyZodResolver(load);
    await expect(lazy.prefetch()).resolves.toBeUndefined();
    expect((await lazy(valid, undefined, options)).values).toEqual({ name: 'Ana', points: 150, lines: [{ quantity: 3 }] });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets a submit wait for a load already started by prefetch', async () => {
    let release!: () => void;
    const load = vi.fn(() => new Promise<typeof schema>((resolve) => (release = () => resolve(schema))));
    const lazy = lazyZodResolver(load);
    const prefetched = lazy.prefetch();
    const answer = lazy(invalid, undefined, options);
    release();
    await prefetched;
    expect((await answer).errors.points).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
