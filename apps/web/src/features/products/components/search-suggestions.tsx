import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useState,
  type KeyboardEvent,
  type Ref,
  type RefObject,
} from 'react';
import { SUGGEST_MIN_LENGTH, useSuggestions } from '@/features/products/api/get-suggestions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDismiss } from '@/lib/use-dismiss';
import { SuggestionList } from './suggestion-list';

const SUGGEST_DEBOUNCE_MS = 180;

/** What the search box's input hands over to the combobox (it owns the input; this owns the popup). */
export interface SuggestionsHandle {
  /** The reader changed the text: the list opens again, nothing highlighted. */
  edited(): void;
  /** Closes the list (blur, a search made, the categories opened); the text stays. */
  close(): void;
  /** The input's keys: arrows move, Enter opens the highlighted option, Escape closes. */
  keyDown(e: KeyboardEvent<HTMLInputElement>): void;
}

export interface SearchSuggestionsProps {
  ref: Ref<SuggestionsHandle>;
  /** The listbox's id (the input's aria-controls). */
  id: string;
  storeId: number | null | undefined;
  /** The typed text, trimmed. */
  query: string;
  /** The search form: a press outside it closes the list. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The input's aria-expanded and aria-activedescendant, on every change. */
  onState: (expanded: boolean, activeId: string | undefined) => void;
  /** Opens a chosen option's page (and clears the box). */
  onGo: (path: string) => void;
}

/**
 * The suggestions of the header search box (WAI-ARIA combobox pattern; the input owns the keyboard): the
 * debounced query, the popup and its keys. Loaded on the first focus of the box (app/layouts/components/
 * search-box.tsx), not with the shell: no page needs it until the reader types.
 */
export function SearchSuggestions({ ref, id, storeId, query, formRef, onState, onGo }: SearchSuggestionsProps) {
  // Mounted once the reader is in the box: what was typed while this loaded pauses as any typing does.
  const debounced = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS, '');
  const suggestions = useSuggestions(storeId, debounced);
  const items = suggestions.data ?? [];
  const [listOpen, setListOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const optionId = useCallback((index: number) => `${id}-option-${index}`, [id]);
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

  useDismiss(formRef, showList, closeList);

  useEffect(() => {
    if (showList && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [showList, active, optionId]);

  // Before the browser paints: the input's attributes always describe the list on screen.
  const activeId = showList && active >= 0 ? optionId(active) : undefined;
  useLayoutEffect(() => onState(showList, activeId), [onState, showList, activeId]);

  function choose(index: number) {
    const product = items[index];
    closeList();
    onGo(product ? `/product?slug=${encodeURIComponent(product.slug)}` : `/results/${encodeURIComponent(query)}`);
  }

  useImperativeHandle(ref, () => ({
    edited() {
      setListOpen(true);
      setActive(-1);
    },
    close: closeList,
    keyDown(e) {
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
    },
  }));

  if (!showList) return null;
  return (
    <SuggestionList
      id={id}
      query={query}
      items={items}
      active={active}
      optionId={optionId}
      loading={debounced !== query || suggestions.isFetching}
      onChoose={choose}
    />
  );
}
