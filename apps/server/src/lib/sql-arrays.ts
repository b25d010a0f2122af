/**
 * Values as one PostgreSQL array literal, sent as a single parameter and cast in the query (`::int[]`,
 * `::text[]`): the same on PostgreSQL and PGlite, and one parameter whatever the number of values.
 */
export const intArray = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Finite numbers as written by JavaScript, which `::float8[]` reads back to the same doubles. */
export function floatArray(values: readonly number[]): string {
  return `{${values
    .map((v) => {
      if (!Number.isFinite(v)) throw new RangeError(`Not a finite number: ${v}`);
      return String(v);
    })
    .join(',')}}`;
}

export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
