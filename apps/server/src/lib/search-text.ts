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

export function productSearchText(name: string, categoryTitle: string, description: string): string {
  return normalizeSearch(`${name} ${categoryTitle} ${description}`);
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
