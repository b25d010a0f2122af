import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useCategories } from '@/features/categories/api/get-categories';
import { SUGGEST_MIN_LENGTH, useSuggestions } from '@/features/products/api/get-suggestions';
import { SuggestionList } from '@/features/products/components/suggestion-list';
import { ChevronDownIcon, SearchIcon } from '@/components/ui/icons';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDismiss } from '@/lib/use-dismiss';

const SUGGEST_DEBOUNCE_MS = 180;

/**
 * Search box with the categories dropdown; Enter or the button goes to /results/{text}, then clears. While
 * typing, a combobox (WAI-ARIA pattern) suggests products: arrows move, Enter on a suggestion opens it,
 * Enter without one searches, Escape or a click outside closes; the last option searches too.
 */
export function SearchBox({ storeId }: { storeId: number | null | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const categories = useCategories(storeId);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  const query = text.trim();
  const debounced = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const suggestions = useSuggestions(storeId, debounced);
  const items = suggestions.data ?? [];
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const optionId = useCallback((index: number) => `${listId}-option-${index}`, [listId]);
  // A failure (data null) hides the list: suggestions are a convenience.
  const showList = listOpen && query.length >= SUGGEST_MIN_LENGTH && suggestions.data !== null;
  const optionCount = items.length + 1; // the products, then "See all results"
  const closeList = useCallback(() => {
    setListOpen(false);
    setActive(-1);
  }, []);

  // New suggestions replace the highlighted one: nothing is chosen that the reader did not see highlighted.
  const [shown, setShown] = useState(suggestions.data);
  if (shown !== suggestions.data) {
    setShown(suggestions.data);
    setActive(-1);
  }

  useDismiss(ref, open, close);
  useDismiss(formRef, showList, closeList);

  useEffect(() => {
    if (showList && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [showList, active, optionId]);

  function go(path: string) {
    void navigate(path);
    setText('');
    closeList();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!query) return;
    go(`/results/${encodeURIComponent(query)}`);
  }

  function choose(index: number) {
    const product = items[index];
    go(product ? `/product?slug=${encodeURIComponent(product.slug)}` : `/results/${encodeURIComponent(query)}`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' && query.length >= SUGGEST_MIN_LENGTH) {
      e.preventDefault();
      if (!listOpen) setListOpen(true);
      setActive((a) => (!listOpen || a + 1 >= optionCount ? 0 : a + 1));
    } else if (e.key === 'ArrowUp' && showList) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? optionCount - 1 : a - 1));
    } else if (e.key === 'Enter' && showList && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && showList) {
      e.preventDefault(); // the list closes; the text stays
      closeList();
    }
  }

  return (
    <div
      ref={ref}
      className="relative flex w-full min-w-0 flex-1 items-stretch rounded-full border border-slate-300 bg-white focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-200"
    >
      <button
        type="button"
        className="flex shrink-0 items-center gap-1 rounded-l-full border-r border-slate-200 px-3 text-sm text-slate-700 hover:bg-slate-50"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          closeList();
          setOpen((o) => !o);
        }}
      >
        {t('header.categories')}
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      <form ref={formRef} role="search" onSubmit={submit} className="flex min-w-0 flex-1">
        <label className="sr-only" htmlFor="header-search">
          {t('header.searchLabel')}
        </label>
        <input
          id="header-search"
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setListOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={closeList}
          placeholder={t('header.searchPlaceholder')}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm outline-none"
          maxLength={120}
          enterKeyHint="search"
        />
        <button type="submit" className="rounded-r-full px-3 text-slate-600 hover:text-indigo-700" aria-label={t('header.search')}>
          <SearchIcon />
        </button>
        {showList && (
          <SuggestionList
            id={listId}
            query={query}
            items={items}
            active={active}
            optionId={optionId}
            loading={debounced !== query || suggestions.isFetching}
            onChoose={choose}
          />
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
            <Link
              key={c.id}
              role="menuitem"
              to={`/category/${c.slug}`}
              className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            >
              {c.title}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
