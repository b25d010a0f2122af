import type { ReactNode } from 'react';
import type { ProductSuggestion } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import { Localized, useContent } from '@/components/ui/localized';

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Where the words of `query` appear in `text`, ignoring case and accents as the search does ("cafe" marks
 * "Café"): sorted, merged [start, end) ranges of `text`, the first occurrence of each word.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  // The folded text, and for each of its characters the [start, end) in `text` of the character it came from.
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const f = fold(char);
    folded += f;
    for (let i = 0; i < f.length; i++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    index += char.length;
  }
  const ranges: [number, number][] = [];
  for (const word of fold(query).split(/\s+/).filter(Boolean)) {
    const at = folded.indexOf(word);
    if (at >= 0) ranges.push([starts[at]!, ends[at + word.length - 1]!]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const prev = merged.at(-1);
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

function Highlighted({ text, query }: { text: string; query: string }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > from) parts.push(text.slice(from, start));
    parts.push(
      <strong key={start} className="font-semibold text-slate-950">
        {text.slice(start, end)}
      </strong>,
    );
    from = end;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}

export interface SuggestionListProps {
  id: string;
  /** The typed text: marked in the names, and the text of the last option. */
  query: string;
  items: ProductSuggestion[];
  /** Highlighted option: 0..items.length-1 a product, items.length "see all results", -1 none. */
  active: number;
  optionId: (index: number) => string;
  /** Still waiting for the first answer to this text, or for a newer one. */
  loading: boolean;
  onChoose: (index: number) => void;
}

/**
 * The popup of the header search combobox (WAI-ARIA combobox pattern; the input owns the keyboard): the
 * suggested products, then "See all results". Loading and "No suggestions" sit above the listbox, outside it.
 */
export function SuggestionList({ id, query, items, active, optionId, loading, onChoose }: SuggestionListProps) {
  const { t } = useTranslation();
  const content = useContent();
  const option = (index: number, content: ReactNode, className: string) => (
    <li
      key={index}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      onClick={() => onChoose(index)}
      className={`flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-slate-100 ${index === active ? 'bg-indigo-50 ring-1 ring-inset ring-indigo-300' : ''} ${className}`}
    >
      {content}
    </li>
  );
  const status =
    loading && items.length === 0 ? t('header.suggestLoading') : !loading && items.length === 0 ? t('header.noSuggestions') : '';

  return (
    <div
      className="absolute left-0 right-0 top-full z-30 mt-2 max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      data-testid="search-suggestions"
      // The focus stays in the input (a press here is no blur); a click on an option chooses it.
      onMouseDown={(e) => e.preventDefault()}
    >
      <p role="status" className={status ? 'px-3 py-2 text-sm text-slate-500' : 'sr-only'}>
        {status || t('header.suggestionsCount', { count: items.length })}
      </p>
      {loading && items.length > 0 && (
        // Newer suggestions on their way: a thin bar, while the list stays readable and in place.
        <span className="absolute inset-x-3 top-0 h-0.5 animate-pulse rounded-full bg-indigo-400" aria-hidden="true" />
      )}
      <ul id={id} role="listbox" aria-label={t('header.suggestions')} aria-busy={loading}>
        {items.map((s, i) =>
          option(
            i,
            <>
              <span className="h-10 w-10 shrink-0 overflow-hidden rounded bg-slate-100">
                {s.picture && (
                  <img
                    src={variantUrl(s.picture, 300)}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    decoding="async"
                    className="h-10 w-10 object-cover"
                  />
                )}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <Localized value={content(s, 'name')} className="truncate text-slate-800">
                  {(text) => <Highlighted text={text} query={query} />}
                </Localized>
                <Localized value={content(s, 'categoryTitle')} className="truncate text-xs text-slate-600" />
              </span>
              <span className="shrink-0 text-xs font-bold text-indigo-800">{t('product.price', { points: formatPoints(s.price) })}</span>
            </>,
            'text-slate-800',
          ),
        )}
        {option(items.length, t('header.seeAllResults', { text: query }), 'font-medium text-indigo-800')}
      </ul>
    </div>
  );
}
