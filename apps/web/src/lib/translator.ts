/**
 * The web app's texts: namespaces of JSON per language, loaded on demand, looked up by dotted key, with
 * `{{name}}` interpolation, plurals by `count` (`key_one`, `key_other`… chosen by Intl.PluralRules) and
 * `ns:key` or `{ ns }` for another namespace. It keeps the calls i18next took (`t`, `changeLanguage`,
 * `loadNamespaces`, `getFixedT`) at a fiftieth of its size in the first paint (decision 0028).
 */

type Tree = { readonly [key: string]: unknown };
export type Loader = (lng: string, ns: string) => Promise<Tree>;

export interface TOptions {
  /** The namespace to read from (the hook's, else the default one). */
  ns?: string;
  /** Picks the plural form and fills `{{count}}`. */
  count?: number;
  /** The text when the key has none. */
  defaultValue?: string;
  /** Another language than the current one (its texts must be loaded). */
  lng?: string;
  [value: string]: unknown;
}

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  /** The value as it is in the JSON (a list of rules, say). */
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}

function lookup(tree: Tree | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  language: string;
  readonly defaultNS: string;
  private readonly texts = new Map<string, Map<string, Tree>>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly load?: Loader;
  private switchingTo: string | undefined;

  constructor(opts: { lng: string; defaultNS?: string; resources?: Record<string, Record<string, Tree>>; load?: Loader }) {
    this.language = opts.lng;
    this.defaultNS = opts.defaultNS ?? 'common';
    this.load = opts.load;
    for (const [lng, namespaces] of Object.entries(opts.resources ?? {}))
      for (const [ns, tree] of Object.entries(namespaces)) this.add(lng, ns, tree);
  }

  /** Adds (or replaces) a namespace's texts. */
  add(lng: string, ns: string, tree: Tree) {
    let byNs = this.texts.get(lng);
    if (!byNs) this.texts.set(lng, (byNs = new Map()));
    byNs.set(ns, tree);
  }

  hasLoaded(ns: string, lng = this.language): boolean {
    return this.texts.get(lng)?.has(ns) ?? false;
  }

  /** Loads namespaces of the current language (or `lng`); settles when all are there. */
  loadNamespaces(ns: string | readonly string[], lng = this.language): Promise<void> {
    const list = typeof ns === 'string' ? [ns] : ns;
    return Promise.all(list.map((n) => this.loadOne(lng, n))).then(() => undefined);
  }

  private loadOne(lng: string, ns: string): Promise<void> {
    if (this.hasLoaded(ns, lng)) return Promise.resolve();
    const id = `${lng}|${ns}`;
    let pending = this.loading.get(id);
    if (!pending) {
      const load = this.load;
      pending = (load ? load(lng, ns) : Promise.resolve({}))
        // A namespace that cannot be loaded (offline, a deploy replaced its chunk) shows its keys, as
        // i18next did, rather than suspending the page for ever.
        .catch((error: unknown) => {
          console.error(`texts ${lng}/${ns} not loaded`, error);
          return {};
        })
        .then((tree) => {
          this.add(lng, ns, tree);
          this.loading.delete(id);
        });
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** Loads in `lng` the namespaces read so far in the current language: what a switch to it needs. */
  preload(lng: string): Promise<void> {
    return this.loadNamespaces([...(this.texts.get(this.language)?.keys() ?? [])], lng);
  }

  /** Switches language once the namespaces read so far are loaded in it; every `useTranslation` renders again. */
  async changeLanguage(lng: string): Promise<void> {
    // The last switch asked for wins, whichever language's texts arrive first.
    this.switchingTo = lng;
    await this.preload(lng);
    if (this.switchingTo !== lng || lng === this.language) return;
    this.language = lng;
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore: called on every language change. */
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getLanguage = () => this.language;

  /** Translates in the current language, from the default namespace unless told otherwise. */
  readonly t: TFunction = ((key: string, options?: TOptions) =>
    this.translate(options?.lng ?? this.language, this.defaultNS, key, options)) as TFunction;

  /** A `t` bound to a language (null: the current one, whatever it becomes) and a namespace. */
  getFixedT(lng: string | null, ns: string = this.defaultNS): TFunction {
    return ((key: string, options?: TOptions) => this.translate(options?.lng ?? lng ?? this.language, ns, key, options)) as TFunction;
  }

  private translate(lng: string, defaultNs: string, key: string, options: TOptions | undefined): unknown {
    let ns = options?.ns ?? defaultNs;
    let path = key;
    const colon = key.indexOf(':');
    if (colon > 0) {
      ns = key.slice(0, colon);
      path = key.slice(colon + 1);
    }
    const tree = this.texts.get(lng)?.get(ns);
    let value: unknown;
    // A form the texts do not have (Spanish "many" for a million) reads as "other".
    if (typeof options?.count === 'number')
      value = lookup(tree, `${path}_${pluralOf(lng, options.count)}`) ?? lookup(tree, `${path}_other`);
    value ??= lookup(tree, path);
    if (options?.returnObjects && value !== undefined) return value;
    const text = typeof value === 'string' ? value : (options?.defaultValue ?? path);
    return interpolate(text, options);
  }
}
