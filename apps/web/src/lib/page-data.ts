/**
 * The first data of a shop page, sent by the server inside its HTML (docs/decisions/0026-page-first-data.md):
 * the answers of the API to the requests the page makes first, by path and sorted query. Each answer is
 * used once, in the language it was asked in, and only while the page is loading; then the app asks
 * the API as always. Before the first render the app puts them in its query cache
 * (`answerFromPageDataOnly`, app/first-data.ts), so the page paints once, complete.
 */
const FRESH_MS = 30_000;

let entries: Map<string, unknown> | null = null;
let lang: string | null = null;
let texts: string[] = [];

function load(): Map<string, unknown> {
  if (entries) return entries;
  entries = new Map();
  const block = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (!block?.textContent) return entries;
  try {
    const parsed = JSON.parse(block.textContent) as { lang: string; texts?: string[]; data: Record<string, unknown> };
    lang = parsed.lang;
    texts = parsed.texts ?? [];
    entries = new Map(Object.entries(parsed.data));
  } catch {
    /* a broken block: the page asks the API */
  }
  block.remove();
  return entries;
}

/** The text namespaces the page renders with beyond `common`, as its HTML names them (their chunks came with it). */
export function pageTexts(): string[] {
  load();
  return texts;
}

/** The key of a request: `/api/path?sorted=query` (the server builds the same). */
export function pageDataKey(url: string): string {
  const u = new URL(url, 'http://localhost');
  u.searchParams.sort();
  return u.pathname + u.search;
}

/** The preloaded answer to a GET of `url` in `language`, once; undefined when there is none. */
export function takePageData<T>(url: string, language: string): T | undefined {
  const map = load();
  if (map.size === 0 || language !== lang || performance.now() > FRESH_MS) return undefined;
  const key = pageDataKey(url);
  if (!map.has(key)) return undefined;
  const value = map.get(key) as T;
  map.delete(key);
  return value;
}

/** What `api` throws for a request whose answer did not come with the page, while only page data may answer. */
export class NotPreloaded extends Error {
  constructor(url: string) {
    super(`not preloaded: ${url}`);
    this.name = 'NotPreloaded';
  }
}

let onlyPageData = false;

/** Whether `api` may answer only from page data now (it throws NotPreloaded for anything else). */
export function pageDataOnly(): boolean {
  return onlyPageData;
}

/** From now until told otherwise, `api` answers from the page's data alone: nothing goes to the network. */
export function answerFromPageDataOnly(on: boolean): void {
  onlyPageData = on;
}
