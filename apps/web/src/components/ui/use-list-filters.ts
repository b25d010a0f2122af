import { useState } from 'react';

/** What every admin list filters by: the applied search and the page; each list adds its own filters. */
export interface ListFilters {
  search?: string;
  page: number;
}

/** The search box's part of `useListFilters`, spread into `<SearchForm>`. */
export interface ListSearch {
  draft: string;
  onDraftChange: (draft: string) => void;
  onSearch: (search: string | undefined) => void;
}

/**
 * An admin list's filters: changing any of them goes back to page 1; `filtered` says whether one differs from
 * the start (to tell "no match" from "none yet"); `reset` also empties the search box.
 */
export function useListFilters<F extends ListFilters>(initial: F) {
  const [start] = useState(initial);
  const [filters, setFilters] = useState(initial);
  const [draft, setDraft] = useState('');
  const set = (patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const keys = Object.keys({ ...start, ...filters }) as (keyof F)[];
  const search: ListSearch = { draft, onDraftChange: setDraft, onSearch: (text) => set({ search: text } as Partial<F>) };
  return {
    filters,
    set,
    setPage: (page: number) => setFilters((f) => ({ ...f, page })),
    filtered: keys.some((k) => k !== 'page' && filters[k] !== start[k]),
    reset: () => {
      setDraft('');
      setFilters(start);
    },
    search,
  };
}
