import SearchableMap from 'minisearch/SearchableMap';
import { type ListResponse, listResponse } from '@rewards/shared/common';
import type { Product, ProductOrder, ProductSuggestion } from '@rewards/shared/products';
import { normalizeSearch } from '../../lib/search-text.ts';

/**
 * Stores with more orderable products than this are searched in PostgreSQL instead
 * (docs/decisions/0009-search-index.md: at the limit about 130 MB and a 2.5 s full read per store).
 */
export const SEARCH_INDEX_MAX_PRODUCTS = 50_000;
/** An index not refreshed for this long is refreshed in the background, in case an invalidation was lost. */
export const SEARCH_INDEX_MAX_AGE_MS = 60_000;
/** Above this share of changed products a read builds a new index instead of updating the live one (and compacts at this share of dead slots). */
const REBUILD_SHARE = 0.25;

/** A product as the index holds it: its shop DTO, what ranks it that the DTO does not carry, and its row version. */
export interface IndexableProduct {
  product: Product;
  createdAtMs: number;
  views: number;
  /** Changes whenever the product's row is written (products.service `catalogueVersions`). */
  version: string;
}

/** A store's catalogue as its versions: one per orderable product, one for all its categories. */
export interface CatalogueVersions {
  products: Map<number, string>;
  categories: string;
}

/** Where the index reads a store (the database; a test's own catalogue). */
export interface CatalogueSource {
  /** Undefined when the store has more than `limit` orderable products. */
  versions(storeId: number, limit: number): Promise<CatalogueVersions | undefined>;
  /** The store's orderable products, all of them or those of `ids`. */
  products(storeId: number, ids?: number[]): Promise<IndexableProduct[]>;
}

interface Entry extends IndexableProduct {
  /**
   * The indexed fields, accent-free and lower case (normalizeSearch): the name in Spanish and in English
   * (either starting with the whole query ranks first), the category's title and the description in both
   * languages together (docs/architecture.md A6.15).
   */
  name: string;
  nameEn: string;
  categoryTitle: string;
  description: string;
  /** `product` as JSON, made the first time a page shows it (an entry is replaced, never changed, on a write). */
  json?: string;
}

type StoreState =
  | {
      kind: 'indexed';
      generation: number;
      loadedAt: number;
      index: StoreIndex;
      categories: string;
    }
  | { kind: 'too-large'; generation: number; loadedAt: number };

export interface IndexListQuery {
  search: string;
  page: number;
  pageSize: number;
  categoryId?: number;
  categorySlug?: string;
  order?: ProductOrder;
}

/** Whole-query name prefix ("mochila eje" for "Mochila ejecutiva") outranks any field sum. */
const NAME_PREFIX_BONUS = 100;

/** Typo allowance of a query word by its length: none up to 3 letters, 1 edit up to 6, then 2. */
export function typoDistance(word: string): number {
  return word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2;
}

/** Words of a normalized text: letters and digits (normalizeSearch has already taken accents and case). */
const words = (normalized: string) => normalized.split(/[^a-z0-9]+/).filter(Boolean);

/** True when the product's indexed text is what `entry` indexed. */
const sameText = (entry: Entry, p: Product) =>
  entry.product.name === p.name &&
  entry.product.nameEn === p.nameEn &&
  entry.product.categoryTitle === p.categoryTitle &&
  entry.product.categoryTitleEn === p.categoryTitleEn &&
  entry.product.description === p.description &&
  entry.product.descriptionEn === p.descriptionEn;

/** An entry for `p`, reusing the normalized text of its previous entry when its words did not change. */
function toEntry(p: IndexableProduct, previous: Entry | undefined, titles: Map<string, string>): Entry {
  if (previous && sameText(previous, p.product))
    return { ...p, name: previous.name, nameEn: previous.nameEn, categoryTitle: previous.categoryTitle, description: previous.description };
  const titleKey = `${p.product.categoryTitle}\n${p.product.categoryTitleEn}`;
  let categoryTitle = titles.get(titleKey);
  if (categoryTitle === undefined)
    titles.set(titleKey, (categoryTitle = normalizeSearch(`${p.product.categoryTitle} ${p.product.categoryTitleEn}`)));
  return {
    ...p,
    name: normalizeSearch(p.product.name),
    nameEn: normalizeSearch(p.product.nameEn),
    categoryTitle,
    description: normalizeSearch(`${p.product.description} ${p.product.descriptionEn}`),
  };
}

/** Field bits of a posting, and the rank each field gives a query word found there. */
const NAME = 1;
const CATEGORY = 2;
const DESCRIPTION = 4;
const weightOf = (mask: number) => (mask & NAME ? 4 : mask & CATEGORY ? 2 : 1);

/** The live products (slots, ascending) a query word finds, and the weight of the best field it is found in. */
interface Hits {
  slots: Int32Array;
  weights: Uint8Array;
}
/** Slots held by the kept query words' lists over all of a store's words (4 bytes each plus one): about 5 MB. */
const HITS_KEPT_MAX = 1_000_000;

/** The products (by slot) a word of the index occurs in, and in which fields. */
interface Postings {
  slots: number[];
  masks: number[];
}

/**
 * One store's inverted index: the words of every product's name, category and description (in both
 * languages, docs/architecture.md A6.15) in
 * MiniSearch's radix tree (`SearchableMap`: exact, prefix and edit-distance lookups of words), each with
 * the products it occurs in and in which fields. A product that leaves or changes its words is
 * tombstoned and, if changed, added again at a new slot; the index is rebuilt when tombstones pile up.
 */
class StoreIndex {
  readonly entries = new Map<number, Entry>();
  private readonly slots: (Entry | undefined)[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly words = new SearchableMap<Postings>();
  /** Typo lookups are the costly part of a search, and the same misspellings come back. */
  private readonly near = new Map<string, Postings[]>();
  /** Each query word's products (`hits`), until the index changes; `hitsSize` counts the slots they hold. */
  private readonly hitsOf = new Map<string, Hits>();
  private hitsSize = 0;

  get dead() {
    return this.slots.length - this.entries.size;
  }

  add(entry: Entry) {
    const slot = this.slots.length;
    this.slots.push(entry);
    this.slotOf.set(entry.product.id, slot);
    this.entries.set(entry.product.id, entry);
    const masks = new Map<string, number>();
    for (const [text, bit] of [
      [entry.name, NAME],
      [entry.nameEn, NAME],
      [entry.categoryTitle, CATEGORY],
      [entry.description, DESCRIPTION],
    ] as const)
      for (const w of words(text)) masks.set(w, (masks.get(w) ?? 0) | bit);
    this.near.clear();
    this.forgetHits();
    for (const [w, mask] of masks) {
      const postings = this.words.fetch(w, () => ({ slots: [], masks: [] }));
      postings.slots.push(slot);
      postings.masks.push(mask);
    }
  }

  remove(id: number) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    this.entries.delete(id);
    this.forgetHits();
  }

  private forgetHits() {
    if (this.hitsSize === 0 && this.hitsOf.size === 0) return;
    this.hitsOf.clear();
    this.hitsSize = 0;
  }

  /** A product whose words did not change: the same slot and postings, its new figures. */
  update(entry: Entry) {
    const slot = this.slotOf.get(entry.product.id)!;
    this.slots[slot] = entry;
    this.entries.set(entry.product.id, entry);
  }

  /**
   * The products where every query word starts a word, with the rank of the best field each query word
   * was found in. With `fuzzy`, a query word that starts no word of the store takes the words within its
   * typo distance instead ("audifonoz" -> "audifonos"); a word the store has is taken as spelled.
   */
  match(queryWords: string[], fuzzy: boolean): Map<number, number> {
    const perWord: Hits[] = [];
    for (const w of queryWords) {
      const hits = this.hits(w, fuzzy);
      if (hits.slots.length === 0) return new Map();
      perWord.push(hits);
    }
    perWord.sort((a, b) => a.slots.length - b.slots.length);
    const [smallest, ...others] = perWord;
    if (!smallest) return new Map();
    // Every list is in slot order: walk the others alongside the smallest one.
    const at = new Array<number>(others.length).fill(0);
    const ranks = new Map<number, number>();
    for (let i = 0; i < smallest.slots.length; i++) {
      const slot = smallest.slots[i]!;
      let rank = smallest.weights[i]!;
      for (let k = 0; k < others.length && rank > 0; k++) {
        const other = others[k]!;
        let j = at[k]!;
        while (j < other.slots.length && other.slots[j]! < slot) j++;
        at[k] = j;
        rank = j < other.slots.length && other.slots[j] === slot ? rank + other.weights[j]! : 0;
      }
      if (rank > 0 && this.slots[slot]) ranks.set(slot, rank);
    }
    return ranks;
  }

  /**
   * The live products a query word starts a word of (or, `fuzzy` and none, is within typo distance of),
   * in slot order, with the weight of the best field. Shoppers' words come back far more often than their
   * queries ("taza azul", "taza 12"), so each word's list is kept until the index changes.
   */
  private hits(w: string, fuzzy: boolean): Hits {
    const key = fuzzy ? `~${w}` : w;
    let hits = this.hitsOf.get(key);
    if (hits) return hits;
    const best = new Map<number, number>();
    const collect = (postings: Postings) => {
      for (let i = 0; i < postings.slots.length; i++) {
        const slot = postings.slots[i]!;
        if (!this.slots[slot]) continue;
        const weight = weightOf(postings.masks[i]!);
        if ((best.get(slot) ?? 0) < weight) best.set(slot, weight);
      }
    };
    for (const postings of this.words.atPrefix(w).values()) collect(postings);
    if (fuzzy && best.size === 0) for (const postings of this.nearWords(w)) collect(postings);
    const slots = Int32Array.from(best.keys()).sort();
    hits = { slots, weights: Uint8Array.from(slots, (slot) => best.get(slot)!) };
    // Bounded by the postings they copy, not only by their number: a prefix of one letter lists most products.
    this.hitsSize += slots.length;
    if (this.hitsSize > HITS_KEPT_MAX) {
      this.hitsOf.clear();
      this.hitsSize = slots.length;
    }
    this.hitsOf.set(key, hits);
    return hits;
  }

  /** Postings of the store's words within a query word's typo distance; remembered until the index gains a word. */
  private nearWords(w: string): Postings[] {
    let near = this.near.get(w);
    if (!near) {
      const distance = typoDistance(w);
      near = distance > 0 ? [...this.words.fuzzyGet(w, distance).values()].map(([postings]) => postings) : [];
      if (this.near.size >= 1000) this.near.clear();
      this.near.set(w, near);
    }
    return near;
  }

  entryAt(slot: number): Entry {
    return this.slots[slot]!;
  }
}

/** Builds a store's index, yielding to other requests between chunks. */
async function buildIndex(entries: Iterable<Entry>): Promise<StoreIndex> {
  const index = new StoreIndex();
  let n = 0;
  for (const entry of entries) {
    index.add(entry);
    if (++n % 1000 === 0) await new Promise((r) => setImmediate(r));
  }
  return index;
}

type Ranked = { entry: Entry; rank: number };

const byOrder: Record<ProductOrder, (a: Ranked, b: Ranked) => number> = {
  relevance: (a, b) => b.rank - a.rank || b.entry.views - a.entry.views || a.entry.product.id - b.entry.product.id,
  featured: (a, b) =>
    Number(b.entry.product.featured) - Number(a.entry.product.featured) ||
    b.entry.createdAtMs - a.entry.createdAtMs ||
    b.entry.product.id - a.entry.product.id,
  date: (a, b) => b.entry.createdAtMs - a.entry.createdAtMs || b.entry.product.id - a.entry.product.id,
  price_asc: (a, b) => a.entry.product.price - b.entry.product.price || a.entry.product.id - b.entry.product.id,
  price_desc: (a, b) => b.entry.product.price - a.entry.product.price || b.entry.product.id - a.entry.product.id,
};

/**
 * Product search served from memory (docs/decisions/0009-search-index.md): one `StoreIndex` per store
 * over the shop's orderable products (active, of an active category, of that store: the rule of
 * `orderableIn`), read from the database on the store's first search. Every catalogue write, order and
 * cancellation calls `invalidate()` through the response cache's signal (locally, and on every other
 * instance through Redis); the next search of a store then waits for a read that began after the
 * signal, so it sees the write. A read compares row versions and re-reads only the products that
 * changed, updating the live index with no `await` in between (or builds a new index and swaps it in
 * when many did), so a search never sees half of it. A store over SEARCH_INDEX_MAX_PRODUCTS is answered
 * `undefined`: the caller searches in PostgreSQL.
 */
export class CatalogSearch {
  private generation = 0;
  private readonly stores = new Map<number, StoreState>();
  private readonly refreshing = new Map<number, { generation: number; done: Promise<void> }>();
  private readonly maxProducts: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly source: CatalogueSource,
    opts: { maxProducts?: number; maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.maxProducts = opts.maxProducts ?? SEARCH_INDEX_MAX_PRODUCTS;
    this.maxAgeMs = opts.maxAgeMs ?? SEARCH_INDEX_MAX_AGE_MS;
    this.now = opts.now ?? (() => performance.now());
  }

  /** The catalogue changed somewhere: every store's next search waits for a fresh read. */
  invalidate() {
    this.generation++;
  }

  /** Products held, over all stores (for the bench's memory figure). */
  get size() {
    let n = 0;
    for (const state of this.stores.values()) if (state.kind === 'indexed') n += state.index.entries.size;
    return n;
  }

  /** Reads every given store again now, as after a restart (the bench's rebuild figure). */
  async rebuild(storeIds: number[]) {
    for (const id of storeIds) this.stores.delete(id);
    this.invalidate();
    for (const id of storeIds) await this.fresh(id);
  }

  /** A shop list page for a search, as `listShopProducts` answers it; undefined when the store is too large for the index. */
  async list(storeId: number, q: IndexListQuery): Promise<ListResponse<Product> | undefined> {
    const found = await this.page(storeId, q);
    return (
      found &&
      listResponse(
        found.entries.map((e) => e.product),
        q,
        found.totalCount,
      )
    );
  }

  /**
   * `list` as the JSON text `JSON.stringify` would make of it, from each product's JSON kept with its entry:
   * a page of twenty is joined, not serialised again for every query (decision 0009).
   */
  async listJson(storeId: number, q: IndexListQuery): Promise<string | undefined> {
    const found = await this.page(storeId, q);
    if (!found) return undefined;
    const data = found.entries.map((e) => (e.json ??= JSON.stringify(e.product))).join(',');
    const { page, pageSize, totalCount, totalPages } = listResponse([], q, found.totalCount);
    return `{"data":[${data}],"page":${page},"pageSize":${pageSize},"totalCount":${totalCount},"totalPages":${totalPages}}`;
  }

  private async page(storeId: number, q: IndexListQuery): Promise<{ entries: Entry[]; totalCount: number } | undefined> {
    const state = await this.fresh(storeId);
    if (state.kind !== 'indexed') return undefined;
    // As the PostgreSQL path: words of 2 letters or more, at most 6; near spellings only when nothing matches.
    let matches = this.match(state, q.search, 2);
    if (q.categoryId) matches = matches.filter((m) => m.entry.product.categoryId === q.categoryId);
    if (q.categorySlug) matches = matches.filter((m) => m.entry.product.categorySlug === q.categorySlug);
    matches.sort(byOrder[q.order ?? 'relevance']);
    const start = (q.page - 1) * q.pageSize;
    return { entries: matches.slice(start, start + q.pageSize).map((m) => m.entry), totalCount: matches.length };
  }

  /** The header's suggestions: the best `limit` products for what has been typed so far; undefined when the store is too large. */
  async suggest(storeId: number, typed: string, limit: number): Promise<ProductSuggestion[] | undefined> {
    const state = await this.fresh(storeId);
    if (state.kind !== 'indexed') return undefined;
    return this.match(state, typed, 1)
      .sort(byOrder.relevance)
      .slice(0, limit)
      .map(({ entry: { product: p } }) => ({
        id: p.id,
        name: p.name,
        nameEn: p.nameEn,
        slug: p.slug,
        price: p.price,
        categoryTitle: p.categoryTitle,
        categoryTitleEn: p.categoryTitleEn,
        picture: p.images[0]?.url ?? null,
      }));
  }

  /** Whether a query can be answered by the index as the PostgreSQL path would (it has a word of 2 letters or more). */
  static answers(search: string): boolean {
    return words(normalizeSearch(search)).some((w) => w.length >= 2);
  }

  /** Every product where each query word starts a word (name, category or description); else, within typo distance. */
  private match(state: Extract<StoreState, { kind: 'indexed' }>, typed: string, minWordLength: number): Ranked[] {
    const query = normalizeSearch(typed);
    const queryWords = words(query)
      .filter((w) => w.length >= minWordLength)
      .slice(0, 6);
    if (queryWords.length === 0) return [];
    let ranks = state.index.match(queryWords, false);
    if (ranks.size === 0) {
      // Near spellings ("audifonoz"), as the PostgreSQL fallback: only words of 3 letters or more.
      const near = queryWords.filter((w) => w.length >= 3);
      if (near.length === 0) return [];
      ranks = state.index.match(near, true);
    }
    const matches: Ranked[] = [];
    for (const [slot, rank] of ranks) {
      const entry = state.index.entryAt(slot);
      const namePrefix = entry.name.startsWith(query) || entry.nameEn.startsWith(query);
      matches.push({ entry, rank: namePrefix ? rank + NAME_PREFIX_BONUS : rank });
    }
    return matches;
  }

  /**
   * The store's state, fresh for every signal received before this call: waits for a refresh that began
   * after the last one (several callers share it). An index only older than the maximum age is used
   * as it is while a refresh runs in the background.
   */
  private async fresh(storeId: number): Promise<StoreState> {
    const wanted = this.generation;
    for (;;) {
      const state = this.stores.get(storeId);
      if (state && state.generation >= wanted) {
        if (this.now() - state.loadedAt > this.maxAgeMs && !this.refreshing.has(storeId)) void this.refresh(storeId).catch(() => undefined);
        return state;
      }
      const running = this.refreshing.get(storeId);
      if (running) {
        await running.done;
        // A refresh that began before the signal may have read the catalogue as it was: go round again.
        if (running.generation >= wanted && this.stores.has(storeId)) return this.stores.get(storeId)!;
        continue;
      }
      await this.refresh(storeId);
    }
  }

  private refresh(storeId: number): Promise<void> {
    const generation = this.generation;
    const done = this.read(storeId, generation).finally(() => {
      if (this.refreshing.get(storeId)?.done === done) this.refreshing.delete(storeId);
    });
    this.refreshing.set(storeId, { generation, done });
    return done;
  }

  /**
   * Reads the store: its versions first; when only some products changed (and no category), only those
   * are read and updated in the live index, in one turn of the event loop; else every product is read
   * and a new index is built in chunks (other requests keep being served), then swapped in.
   */
  private async read(storeId: number, generation: number) {
    const versions = await this.source.versions(storeId, this.maxProducts);
    const loadedAt = this.now();
    if (!versions) {
      this.stores.set(storeId, { kind: 'too-large', generation, loadedAt });
      return;
    }
    const current = this.stores.get(storeId);
    if (current?.kind === 'indexed' && current.categories === versions.categories) {
      const held = current.index.entries;
      const stale: number[] = [];
      for (const [id, version] of versions.products) if (held.get(id)?.version !== version) stale.push(id);
      const removed = [...held.keys()].filter((id) => !versions.products.has(id));
      if (stale.length + removed.length <= REBUILD_SHARE * Math.max(versions.products.size, held.size)) {
        const rows = stale.length ? await this.source.products(storeId, stale) : [];
        const titles = new Map<string, string>();
        const index = current.index;
        // From here to the swap nothing awaits: no search sees part of it. A product gone between the
        // two reads (deactivated, say) is dropped too.
        const read = new Set(rows.map((r) => r.product.id));
        for (const id of [...removed, ...stale.filter((id) => !read.has(id))]) index.remove(id);
        for (const row of rows) {
          const old = index.entries.get(row.product.id);
          const entry = toEntry(row, old, titles);
          if (old && sameText(old, row.product)) index.update(entry);
          else {
            index.remove(row.product.id);
            index.add(entry);
          }
        }
        const state = { kind: 'indexed' as const, generation, loadedAt, index, categories: versions.categories };
        this.stores.set(storeId, state);
        // Products that changed their words leave their old postings behind: compact now and then.
        if (index.dead > REBUILD_SHARE * index.entries.size)
          this.stores.set(storeId, { ...state, index: await buildIndex(index.entries.values()) });
        return;
      }
    }
    const rows = await this.source.products(storeId);
    const titles = new Map<string, string>();
    const previous = current?.kind === 'indexed' ? current.index.entries : undefined;
    const index = await buildIndex(rows.map((r) => toEntry(r, previous?.get(r.product.id), titles)));
    this.stores.set(storeId, { kind: 'indexed', generation, loadedAt, index, categories: versions.categories });
  }
}
