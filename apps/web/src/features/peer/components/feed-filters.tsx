import { lazy, startTransition, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { markedText, useContent } from '@/components/ui/localized';
import { useIdle } from '@/lib/use-idle';
import { useGivingValues } from '../api/get-values';
import { useFeed } from '../api/get-feed';
import type { FeedFilters, PersonOption } from '../api/types';

/** After the page has settled: the person search's code, when neither a focus nor a pointer asked for it before. */
const PICKER_AFTER_MS = 5_000;
const loadPicker = () => import('./person-picker');
const PersonPicker = lazy(() => loadPicker().then((m) => ({ default: m.PersonPicker })));

export interface Office {
  id: number;
  title: string;
}

/**
 * The feed's filters: a value (of the reader's office), a person (given by or to them) and an office (the
 * giver's or a recipient's). `personName` names the chosen person (else their number is shown).
 */
export function FeedFilterBar({
  filters,
  personName,
  offices,
  onChange,
}: {
  filters: FeedFilters;
  personName?: string;
  offices: Office[];
  onChange: (filters: FeedFilters, personName?: string) => void;
}) {
  const { t } = useTranslation('peer');
  const content = useContent();
  const values = useGivingValues();
  // A person chosen before the page opened (in its address) is named by the recognitions the feed shows.
  const feed = useFeed(filters);
  const named =
    personName ??
    feed.items.flatMap((r) => (r.giver ? [r.giver, ...r.recipients] : r.recipients)).find((p) => p.id === filters.personId)?.name;
  const set = (patch: FeedFilters, name = personName) => onChange({ ...filters, ...patch }, name);
  const filtered = filters.valueId !== undefined || filters.personId !== undefined || filters.storeId !== undefined;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" data-testid="feed-filters">
      <Select
        label={t('filters.value')}
        value={filters.valueId ?? ''}
        onChange={(v) => set({ valueId: Number(v) || undefined })}
        data-testid="filter-value"
      >
        <option value="">{t('filters.anyValue')}</option>
        {(values.data ?? []).map((v) => (
          <option key={v.id} value={v.id}>
            {`${v.emoji ? `${v.emoji} ` : ''}${markedText(content(v, 'name'))}`}
          </option>
        ))}
      </Select>
      <Select
        label={t('filters.office')}
        value={filters.storeId ?? ''}
        onChange={(v) => set({ storeId: Number(v) || undefined })}
        data-testid="filter-office"
      >
        <option value="">{t('filters.anyOffice')}</option>
        {offices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </Select>
      <div className="flex w-full min-w-0 flex-col gap-1 text-sm text-slate-700 sm:w-64">
        <span aria-hidden="true">{t('filters.person')}</span>
        {filters.personId !== undefined ? (
          <span className="flex h-[38px] items-center justify-between gap-2 rounded-md border border-indigo-300 bg-indigo-50 px-3">
            <span className="truncate font-medium text-indigo-950" data-testid="filter-person">
              {named ?? `#${filters.personId}`}
            </span>
            <button
              type="button"
              className="rounded px-1 text-indigo-800 hover:bg-indigo-100"
              aria-label={t('filters.clearPerson', { name: named ?? `#${filters.personId}` })}
              onClick={() => set({ personId: undefined }, undefined)}
            >
              ×
            </button>
          </span>
        ) : (
          <PersonFilter
            label={t('filters.person')}
            placeholder={t('filters.personPlaceholder')}
            onPick={(p) => set({ personId: p.id }, p.name)}
          />
        )}
      </div>
      {filtered && (
        <Button variant="ghost" onClick={() => onChange({}, undefined)}>
          {t('filters.clear')}
        </Button>
      )}
    </div>
  );
}

/** A filter's select, of a fixed width: its options arriving later never move what is beside it. */
function Select({
  label,
  value,
  onChange,
  children,
  'data-testid': testId,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const id = useId();
  return (
    <div className="flex w-[calc(50%-0.375rem)] flex-col gap-1 text-sm text-slate-700 sm:w-48">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {children}
      </select>
    </div>
  );
}

/**
 * The person filter: the search (PersonPicker, with its requests) is not part of the page's first download
 * (docs/decisions/0028-light-first-paint.md). Until it has loaded, at the box's first focus or pointer or
 * once the page has settled, the same box stands in its place; the switch waits for the code (a transition),
 * and what was typed in the box, and its focus, carry over.
 */
function PersonFilter({ label, placeholder, onPick }: { label: string; placeholder: string; onPick: (person: PersonOption) => void }) {
  const id = useId();
  const settled = useIdle(PICKER_AFTER_MS);
  const [wanted, setWanted] = useState(false);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const want = () => startTransition(() => setWanted(true));
  useEffect(() => {
    if (settled) startTransition(() => setWanted(true));
  }, [settled]);
  const box = (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        maxLength={120}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        onBlur={() => setFocused(false)}
        onPointerEnter={want}
        className="w-full min-w-0 rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
  return (
    <Suspense fallback={box}>
      {wanted ? <PersonPicker label={label} placeholder={placeholder} onPick={onPick} initialText={text} autoFocus={focused} /> : box}
    </Suspense>
  );
}
