import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCategories } from '@/features/categories/api/get-categories';
import { ChevronDownIcon, SearchIcon } from '@/components/ui/icons';
import { useDismiss } from '@/lib/use-dismiss';

/** Search box with the categories dropdown; Enter or the button goes to /results/{text}, then clears. */
export function SearchBox({ storeId }: { storeId: number | null | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const categories = useCategories(storeId);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss(ref, open, close);

  function submit(e: FormEvent) {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    void navigate(`/results/${encodeURIComponent(query)}`);
    setText('');
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
        onClick={() => setOpen((o) => !o)}
      >
        {t('header.categories')}
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      <form role="search" onSubmit={submit} className="flex min-w-0 flex-1">
        <label className="sr-only" htmlFor="header-search">
          {t('header.searchLabel')}
        </label>
        <input
          id="header-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('header.searchPlaceholder')}
          className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm outline-none"
          maxLength={120}
          enterKeyHint="search"
        />
        <button type="submit" className="rounded-r-full px-3 text-slate-600 hover:text-indigo-700" aria-label={t('header.search')}>
          <SearchIcon />
        </button>
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
