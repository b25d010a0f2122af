import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boolish,
  idSchema,
  intSchema,
  paginationSchema,
  queryId,
  queryInt,
  requiredInt,
  requiredSignedChange,
} from '@rewards/shared/common';
import { assertInputWires, inputWireProblems } from './input-wires.ts';

describe('input primitives by part of the request (docs/architecture.md A4)', () => {
  it('accepts JSON primitives in a JSON body, query primitives in a query string or path, form primitives in a multipart form', () => {
    const body = z.object({
      lines: z.array(z.object({ productId: idSchema, quantity: intSchema(1, 5) })),
      fromCart: z.boolean().optional(),
    });
    expect(inputWireProblems(body, 'body')).toEqual([]);
    expect(inputWireProblems(paginationSchema.extend({ storeId: queryId.optional(), active: boolish.optional() }), 'querystring')).toEqual(
      [],
    );
    expect(inputWireProblems(z.object({ id: queryId }), 'params')).toEqual([]);
    expect(inputWireProblems(z.object({ price: requiredInt(0, 10), featured: boolish.default(false) }), 'multipart')).toEqual([]);
  });

  it('names each field of a JSON body that reads text', () => {
    const body = z.object({
      productId: queryId,
      lines: z.array(z.object({ quantity: requiredInt(1, 5).optional() })),
      delta: requiredSignedChange,
      active: boolish,
    });
    expect(inputWireProblems(body, 'body').map((p) => p.split(' ')[0])).toEqual([
      'body.productId',
      'body.lines.*.quantity',
      'body.delta',
      'body.active',
    ]);
  });

  it('names each JSON number or boolean of a query string, path, headers or multipart form, and any coercion', () => {
    expect(
      inputWireProblems(z.object({ storeId: idSchema.optional(), all: z.boolean() }), 'querystring').map((p) => p.split(' ')[0]),
    ).toEqual(['querystring.storeId', 'querystring.all']);
    expect(inputWireProblems(z.object({ id: z.coerce.number() }), 'params')[0]).toMatch(/^params\.id coerces/);
    expect(inputWireProblems(z.object({ n: z.coerce.number() }), 'body')[0]).toMatch(/^body\.n coerces/);
    expect(inputWireProblems(z.object({ price: intSchema(0, 10) }), 'multipart')[0]).toMatch(/^multipart\.price is a JSON number/);
  });

  it('refuses to go on with a wrong schema, naming the route', () => {
    expect(() => assertInputWires(z.object({ page: queryInt(1, 5) }), 'body', 'POST /api/x')).toThrow(
      /POST \/api\/x: .*\n {2}body\.page reads text/,
    );
    expect(() => assertInputWires(z.object({ page: queryInt(1, 5) }), 'querystring', 'GET /api/x')).not.toThrow();
  });
});
