/**
 * Values as one PostgreSQL array literal, sent as a single parameter and cast in the query (`::int[]`,
 * `::text[]`): the same on PostgreSQL and PGlite, and one parameter whatever the number of values.
 */
export const intArray = (values: readonly number[]): string => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
