import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Printable ASCII only: nothing to decompose (the search index normalizes every product's text with this). */
const PLAIN = /^[\x20-\x7e]*$/;

/** Lower-case and strip accents, as the search column and the query are both matched: "Café" -> "cafe". */
export function normalizeSearch(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase().replace(/ +/g, ' ').trim();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What search matches of a product (`products.search_text`): its name, its category's title and its
 * description, each in Spanish and then English (docs/architecture.md A6.10, A6.15); a language not
 * written adds nothing. The name comes first: the PostgreSQL search ranks a text starting with the query first.
 */
export function productSearchText(
  name: string,
  categoryTitle: string,
  description: string,
  english: { name?: string; categoryTitle?: string; description?: string } = {},
): string {
  return normalizeSearch(
    `${name} ${english.name ?? ''} ${categoryTitle} ${english.categoryTitle ?? ''} ${description} ${english.description ?? ''}`,
  );
}

/** URL slug from a title: "Termos y tazas" -> "termos-y-tazas". */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);
}

/**
 * Accent- and case-insensitive "contains" over some text columns, for the admin lists' search
 * (docs/architecture.md A6.10): "colaboracion" finds "Colaboración". LIKE wildcards typed by the user are
 * matched literally.
 */
export function containsText(search: string, ...columns: AnyColumn[]): SQL {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql`, `,
  );
  return sql`unaccent(concat_ws(' ', ${text})) ilike unaccent(${like}::text)`;
}
