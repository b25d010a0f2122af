import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePeople } from '../api/search-people';
import type { PersonOption } from '../api/types';
import { PersonAvatar } from './person-avatar';

/**
 * A search for colleagues by name or e-mail (GET /api/people) as a combobox: typing lists who matches,
 * the arrow keys move through them, Enter picks one, Escape closes the list; in a list of chips, Backspace
 * in the empty box takes the last one back. `exclude` are the ids already picked (not offered again).
 */
export function PersonPicker({
  label,
  onPick,
  exclude = [],
  disabled = false,
  onBackspace,
  error,
  describedBy,
  placeholder,
  testId,
  initialText = '',
  autoFocus = false,
}: {
  label: string;
  onPick: (person: PersonOption) => void;
  exclude?: readonly number[];
  disabled?: boolean;
  onBackspace?: () => void;
  error?: boolean;
  describedBy?: string;
  placeholder?: string;
  testId?: string;
  /** What was typed in the box it replaces (feed-filters.tsx), and whether that box had the focus. */
  initialText?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('peer');
  const id = useId();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(autoFocus);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text, 250, '');
  const people = usePeople(q);
  const options = (text.trim() ? (people.data ?? []) : []).filter((p) => !exclude.includes(p.id));
  const shown = open && text.trim().length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  function pick(person: PersonOption) {
    onPick(person);
    setText('');
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (event.key === 'Enter') {
      // Enter picks; it never submits the form the picker is in.
      event.preventDefault();
      const person = options[active];
      if (shown && person) pick(person);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '') onBackspace?.();
  }

  return (
    <div className="relative" data-testid={testId}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && options[active] ? optionId(active) : undefined}
        aria-invalid={error || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoFocus={autoFocus}
        disabled={disabled}
        placeholder={placeholder ?? t('picker.placeholder')}
        value={text}
        maxLength={120}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`w-full min-w-0 rounded-md border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-slate-300'}`}
      />
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Picked before the box loses its focus (a click would blur it first and close the list).
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-indigo-50' : ''}`}
              data-testid="person-option"
            >
              <PersonAvatar person={p} />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{p.name}</span>
                {p.office && <span className="block truncate text-xs text-slate-600">{p.office}</span>}
              </span>
            </li>
          ))}
          {options.length === 0 && (
            <li className="px-3 py-2 text-sm text-slate-600" role="presentation">
              {people.isFetching || q !== text ? t('picker.searching') : t('picker.none')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
