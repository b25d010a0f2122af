import { useId, type ReactNode } from 'react';
import { Button } from './button';
import type { ListSearch } from './use-list-filters';

/**
 * An admin list's search box (`{...list.search}` of `useListFilters`): the text applies on submit, trimmed;
 * an empty one clears the search.
 */
export function SearchForm({
  id,
  label,
  button,
  draft,
  onDraftChange,
  onSearch,
  wide = false,
  maxLength,
}: ListSearch & {
  id: string;
  /** The box's name for screen readers, also its placeholder. */
  label: string;
  button: string;
  /** Wider from the `sm` breakpoint on. */
  wide?: boolean;
  maxLength?: number;
}) {
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim() || undefined);
      }}
      className="flex gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(e) => onDraftChange(e.target.value)}
        placeholder={label}
        className={`w-56 rounded-md border border-slate-300 px-3 py-2 text-sm ${wide ? 'sm:w-64' : ''}`}
        maxLength={maxLength}
      />
      <Button type="submit" variant="secondary">
        {button}
      </Button>
    </form>
  );
}

interface FilterSelectProps {
  label: string;
  /** `hidden`: for screen readers only; `above` or `beside` the select. */
  labelPlacement?: 'hidden' | 'above' | 'beside';
  id?: string;
  'data-testid'?: string;
}

/** One select of an admin list's toolbar, with its label. */
export function FilterSelect({
  label,
  labelPlacement = 'hidden',
  id,
  value,
  onChange,
  children,
  'data-testid': testId,
}: FilterSelectProps & { value: string | number; onChange: (value: string) => void; children: ReactNode }) {
  const autoId = useId();
  const select = (className: string, selectId?: string) => (
    <select id={selectId} className={className} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
      {children}
    </select>
  );
  if (labelPlacement === 'hidden') {
    return (
      <label className="text-sm">
        <span className="sr-only">{label}</span>
        {select('rounded-md border border-slate-300 px-2 py-2', id)}
      </label>
    );
  }
  return (
    <div className={`flex text-sm text-slate-700 ${labelPlacement === 'above' ? 'flex-col gap-1' : 'items-center gap-2'}`}>
      <label htmlFor={id ?? autoId}>{label}</label>
      {select('rounded-md border border-slate-300 px-3 py-2 text-sm', id ?? autoId)}
    </div>
  );
}

/** "Any / active / inactive" of an admin list: '' is any (undefined), 'true' and 'false' the booleans. */
export function ActiveFilter({
  value,
  onChange,
  any,
  active,
  inactive,
  ...select
}: FilterSelectProps & {
  value?: boolean;
  onChange: (active: boolean | undefined) => void;
  any: string;
  active: string;
  inactive: string;
}) {
  return (
    <FilterSelect
      {...select}
      value={value === undefined ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? undefined : v === 'true')}
    >
      <option value="">{any}</option>
      <option value="true">{active}</option>
      <option value="false">{inactive}</option>
    </FilterSelect>
  );
}
