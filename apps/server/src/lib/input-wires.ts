import { z } from 'zod';
import { inputWireOf } from '@rewards/shared/common';

/**
 * Which family of input primitives a part of a request takes (docs/architecture.md A4,
 * docs/decisions/0044-strict-input.md): a JSON body holds JSON numbers and booleans; a query string,
 * a path, headers and multipart fields hold text. `inputWireProblems` finds a schema built from the
 * wrong family (or coercing), so the server refuses to start with it instead of reading `true` as 1.
 */
export type InputPart = 'body' | 'querystring' | 'params' | 'headers' | 'multipart';

const TEXT_PRIMITIVES = 'queryInt, queryId, queryNumber, queryBool (or, in a multipart form, requiredInt, requiredId, boolish)';
const JSON_PRIMITIVES = 'intSchema, idSchema, amountSchema, signedChangeSchema, numberSchema or z.boolean()';

const isSchema = (value: unknown): value is z.core.$ZodType => value instanceof z.core.$ZodType;

/** The schemas a schema is made of, each with the path segment it adds (`*` for an array's items). */
function childrenOf(def: z.core.$ZodTypeDef): [string | undefined, z.core.$ZodType][] {
  const d = def as unknown as Record<string, unknown>;
  if (def.type === 'object') {
    const out: [string | undefined, z.core.$ZodType][] = Object.entries(d.shape as Record<string, z.core.$ZodType>);
    if (isSchema(d.catchall)) out.push([undefined, d.catchall]);
    return out;
  }
  if (def.type === 'array' && isSchema(d.element)) return [['*', d.element]];
  if (def.type === 'lazy') return [[undefined, (d.getter as () => z.core.$ZodType)()]];
  // Wrappers (optional, nullable, default, ...), pipes (in, out), unions (options), intersections, records, tuples.
  return Object.entries(d)
    .filter(([key]) => key !== 'checks')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter(isSchema)
    .map((child): [undefined, z.core.$ZodType] => [undefined, child]);
}

/** What is wrong with an input schema for the part of the request it reads; empty when nothing is. */
export function inputWireProblems(schema: z.core.$ZodType, part: InputPart): string[] {
  const problems: string[] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (node: z.core.$ZodType, path: string[]) => {
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def;
    const at = [part, ...path].join('.');
    if ((def as { coerce?: boolean }).coerce)
      problems.push(`${at} coerces (true would be 1, "0x10" 16): use ${TEXT_PRIMITIVES} or ${JSON_PRIMITIVES}`);
    const wire = inputWireOf(node);
    if (wire) {
      if (part === 'body') problems.push(`${at} reads text (a ${wire} primitive) in a JSON body: use ${JSON_PRIMITIVES}`);
      return;
    }
    if (part !== 'body' && (def.type === 'number' || def.type === 'bigint' || def.type === 'boolean'))
      problems.push(`${at} is a JSON ${def.type} where the request carries text: use ${TEXT_PRIMITIVES}`);
    for (const [key, child] of childrenOf(def)) visit(child, key === undefined ? path : [...path, key]);
  };
  visit(schema, []);
  return problems;
}

/** Throws when an input schema is built from the wrong family: a route with it must not start. */
export function assertInputWires(schema: unknown, part: InputPart, where: string): void {
  if (!isSchema(schema)) return;
  const problems = inputWireProblems(schema, part);
  if (problems.length) {
    throw new Error(`${where}: input built from the wrong primitives (docs/architecture.md A4):\n  ${problems.join('\n  ')}`);
  }
}
