import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useCategories } from '@/features/categories/api/get-categories';
import type { SearchSuggestions, SuggestionsHandle } from '@/features/products/components/search-suggestions';
import { ChevronDownIcon, GridIcon, SearchIcon } from '@/components/ui/icons';
import { Localized, useContent } from '@/components/ui/localized';
import { useDismiss } from '@/lib/use-dismiss';

type Suggestions = typeof SearchSuggestions;
let chunk: Promise<Suggestions> | undefined;
/** The suggestions' chunk, once per visit (again after a failure: the box searches without them meanwhile). */
function loadSuggestions(): Promise<Suggestions> {
  chunk ??= import('@/features/products/components/search-suggestions').then(
    (m) => m.SearchSuggestions,
    (err: unknown) => {
      chunk = undefined;
      throw err;
    },
  );
  return chunk;
}

/** The text a results page searches for (/results/{text}), decoded as the router decodes it; else undefined. */
function searchTextOf(pathname: string): string | undefined {
  const segment = /^\/results\/([^/]+)\/*$/i.exec(pathname)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Search box with the categories dropdown; Enter or the button goes to /results/{text}, and the text stays
 * in the box on the results page (also when it is opened by its address); another page empties it. While
 * typing, a combobox (WAI-ARIA pattern) suggests products: arrows move, Enter on a suggestion opens it,
 * Enter without one searches, Escape or a click outside closes; the last option searches too. The
 * suggestions (their query, list and keys) are a chunk of their own, loaded on the first focus of the box:
 * the input, its text and the search are the shell's from the first paint.
 */
export function SearchBox({ storeId }: { storeId: number | null | undefined }) {
  const { t } = useTranslation();
  const content = useContent();
  const navigate = useNavigate();
  const location = useLocation();
  const searched = searchTextOf(location.pathname);
  const [text, setText] = useState(searched ?? '');
  // Each page the reader goes to sets the box: the search a results page shows, nothing elsewhere.
  const address = location.pathname + location.search;
  const [shownAt, setShownAt] = useState(address);
  // Where the reader last typed: the browser's address, which a navigation changes before the router renders
  // it, so text typed on the new page while it loads is not emptied when the page arrives.
  const [typedAt, setTypedAt] = useState<string | null>(null);
  if (shownAt !== address) {
    setShownAt(address);
    if (typedAt !== address) setText(searched ?? '');
  }
  const [open, setOpen] = useState(false);
  const categories = useCategories(storeId);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const query = text.trim();
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const combobox = useRef<SuggestionsHandle>(null);
  const [Suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const onState = useCallback((isExpanded: boolean, id: string | undefined) => {
    setExpanded(isExpanded);
    setActiveId(id);
  }, []);

  function wantSuggestions() {
    if (!Suggestions)
      void loadSuggestions().then(
        (component) => setSuggestions(() => component),
        () => undefined,
      );
  }

  useDismiss(ref, open, close);

  const go = useCallback(
    (path: string) => {
      void navigate(path);
      combobox.current?.close();
    },
    [navigate],
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!query) return;
    go(`/results/${encodeURIComponent(query)}`);
  }

  return (
    <div
      ref={ref}
      className="relative flex w-full min-w-0 flex-1 items-stretch rounded-full border border-slate-300 bg-white focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-200"
    >
      <button
        type="button"
        className="flex shrink-0 items-center gap-1 rounded-l-full border-r border-slate-200 px-2 text-sm text-slate-700 hover:bg-slate-50 sm:px-3"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          combobox.current?.close();
          setOpen((o) => !o);
        }}
      >
        {/* On a phone an icon (the text is still its name), so the input keeps most of the row. */}
        <GridIcon className="h-5 w-5 sm:hidden" />
        <span className="sr-only sm:not-sr-only">{t('header.categories')}</span>
        <ChevronDownIcon className="hidden h-4 w-4 sm:block" />
      </button>
      <form ref={formRef} role="search" onSubmit={submit} className="flex min-w-0 flex-1">
        <label className="sr-only" htmlFor="header-search">
          {t('header.searchLabel')}
        </label>
        <input
          id="header-search"
          type="search"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          value={text}
          onFocus={wantSuggestions}
          onChange={(e) => {
            setText(e.target.value);
            setTypedAt(window.location.pathname + window.location.search);
            combobox.current?.edited();
            wantSuggestions();
          }}
          onKeyDown={(e) => combobox.current?.keyDown(e)}
          onBlur={() => combobox.current?.close()}
          placeholder={t('header.searchPlaceholder')}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm outline-none"
          maxLength={120}
          enterKeyHint="search"
        />
        <button type="submit" className="rounded-r-full px-2 text-slate-600 hover:text-indigo-700 sm:px-3" aria-label={t('header.search')}>
          <SearchIcon />
        </button>
        {Suggestions && (
          <Suggestions ref={combobox} id={listId} storeId={storeId} query={query} formRef={formRef} onState={onState} onGo={go} />
        )}
      </form>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute left-0 top-full z-30 mt-2 max-h-80 w-64 overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          onClick={() => setOpen(false)}
        >
          {categories.isPending && <p className="px-3 py-2 text-sm text-slate-500">{t('loading')}</p>}
          {categories.isError && <p className="px-3 py-2 text-sm text-rose-700">{t('header.categoriesError')}</p>}
          {categories.data?.data.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">{t('header.noCategories')}</p>}
          {categories.data?.data.map((c) => (
            <Localized
              key={c.id}
              as={Link}
              role="menuitem"
              to={`/category/${c.slug}`}
              value={content(c, 'title')}
              className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            />
          ))}
        </div>
      )}
    </div>
  );
}
