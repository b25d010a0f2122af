import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

/**
 * Accent- and case-insensitive "contains" over some text columns (docs/architecture.md A6, Search):
 * "colaboracion" finds "Colaboración". LIKE wildcards typed by the user are matched literally.
 */
export function containsText(search: string, ...columns: AnyColumn[]): SQL {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql`, `,
  );
  return sql`unaccent(concat_ws(' ', ${text})) ilike unaccent(${like}::text)`;
}

/** The SQLSTATE of a database error, through the driver's or Drizzle's wrapping. */
export function pgCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
