import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FilterSelect } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useAuditList, useExportAudit, useVerifyAudit, type AuditListFilters } from '../api/audit';
import { auditActions, auditEntities, type AuditEntry, type AuditVerification } from '../api/types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The groups the action filter offers before the single actions: every action that starts with them. */
const actionGroups = ['points.', 'user.', 'store.', 'directory.', 'budget.', 'budget_funds.', 'rules.', 'webhook.'] as const;

/** An action in the reader's words; one the page does not know yet (a table audited later) as written. */
export const actionText = (t: Translate, action: string) => t(`actions.${action}`, { defaultValue: action });

/** A record: what it is, its id and its store. */
function recordText(t: Translate, entry: Pick<AuditEntry, 'entity' | 'entityId'>): string {
  const what = t(`entities.${entry.entity}`, { defaultValue: entry.entity });
  return entry.entityId === null ? what : `${what} #${entry.entityId}`;
}

function whoText(t: Translate, entry: AuditEntry): string {
  if (entry.actor.kind === 'system') return t('who.system');
  const name = entry.actor.name ?? `#${entry.actor.id ?? '?'}`;
  return entry.actor.kind === 'directory' ? t('who.directory', { name }) : name;
}

/** The key of a recorded value the page says in words: a role, a kind of movement, a scope, a period, an id of a reference. */
function valueKey(entity: string, column: string, value: string | number): string | null {
  switch (column) {
    case 'role':
      return `values.role.${value}`;
    case 'kind':
      return entity === 'point_transactions' ? `values.pointKind.${value}` : entity === 'budgets' ? `values.movementKind.${value}` : null;
    case 'ref_type':
      return `values.refType.${value}`;
    case 'scope':
    case 'period':
      return `values.${column}.${value}`;
    default:
      return null;
  }
}

/** A recorded value in the reader's words; one the page does not know (added later) as written. */
export function valueText(t: Translate, entity: string, column: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(`values.${value}`);
  // A person's activity is stored as 1 or 0.
  if (column === 'active' && (value === 1 || value === 0)) return t(`values.${value === 1}`);
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  const key = typeof value === 'string' || typeof value === 'number' ? valueKey(entity, column, value) : null;
  return key ? t(key, { defaultValue: text }) : text;
}

/** The changed columns, before → after (an insert has only after, a delete only before). */
function Changes({ entry, t }: { entry: AuditEntry; t: Translate }) {
  const columns = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <ul className="space-y-0.5 text-xs">
      {columns.map((c) => (
        <li key={c} className="break-words">
          <span className="font-medium text-slate-700">{t(`columns.${c}`, { defaultValue: c })}:</span>{' '}
          {entry.before && <span className="text-slate-500">{valueText(t, entry.entity, c, entry.before[c])}</span>}
          {entry.before && entry.after && ' → '}
          {entry.after && <span className="text-slate-900">{valueText(t, entry.entity, c, entry.after[c])}</span>}
        </li>
      ))}
    </ul>
  );
}

/** What the chain's check found: every entry checks out, or the first that does not, and why. */
function VerificationResult({ result, t }: { result: AuditVerification; t: Translate }) {
  if (result.ok)
    return (
      <p
        role="status"
        className="rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        data-testid="audit-verify-result"
      >
        {t('verify.ok', { count: result.checked })}
      </p>
    );
  const m = result.firstMismatch!;
  return (
    <div role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-900" data-testid="audit-verify-result">
      <p className="font-semibold">
        {t('verify.mismatch', { seq: m.seq, at: formatDateTime(m.at), action: actionText(t, m.action), record: recordText(t, m) })}
      </p>
      <p>{t(`verify.reasons.${m.reason}`)}</p>
    </div>
  );
}

/**
 * The audit log for super administrators (docs/architecture.md A6.19): every change to money, roles, stores
 * and directory data, newest first, by days, action and record; its CSV export; and the check of the chain.
 */
export function AuditPanel() {
  const { t } = useTranslation('audit');
  const [filters, setFilters] = useState<AuditListFilters>({ page: 1 });
  const [entityId, setEntityId] = useState('');
  const list = useAuditList(filters);
  const verify = useVerifyAudit();
  const exporter = useExportAudit();
  const change = (next: Partial<AuditListFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  const { page: _page, ...apiFilters } = filters;
  const columns = [
    { label: t('columns.at') },
    { label: t('columns.who') },
    { label: t('columns.action') },
    { label: t('columns.record') },
    { label: t('columns.changes') },
    { label: t('columns.seq'), from: 'lg' as const },
  ];
  const input = 'rounded-md border border-slate-300 px-3 py-2 text-sm';

  return (
    <div className="space-y-4">
      <section aria-labelledby="audit-verify-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="audit-verify-title" className="text-lg font-semibold text-slate-900">
          {t('verify.title')}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">{t('verify.help')}</p>
        <Button onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">
          {verify.isPending ? t('verify.running') : t('verify.button')}
        </Button>
        {verify.isError && (
          <p role="alert" className="text-sm text-rose-700">
            {t('verify.error')} {errorText(t, verify.error)}
          </p>
        )}
        {verify.data && !verify.isPending && <VerificationResult result={verify.data} t={t} />}
      </section>

      <form className="flex flex-wrap items-end gap-3 text-sm" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
        {(['from', 'to'] as const).map((end) => (
          <div key={end} className="flex w-44 flex-col gap-1">
            <label htmlFor={`audit-filter-${end}`}>{t(`filters.${end}`)}</label>
            <DateInput
              id={`audit-filter-${end}`}
              className={input}
              value={filters[end] ?? ''}
              onChange={(value) => change({ [end]: value || undefined })}
            />
          </div>
        ))}
        <FilterSelect
          id="audit-filter-action"
          label={t('filters.action')}
          labelPlacement="above"
          value={filters.action ?? ''}
          onChange={(value) => change({ action: value || undefined })}
          data-testid="audit-filter-action"
        >
          <option value="">{t('filters.allActions')}</option>
          {actionGroups.map((g) => (
            <option key={g} value={g}>
              {t(`groups.${g.slice(0, -1)}`)}
            </option>
          ))}
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {actionText(t, a)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="audit-filter-entity"
          label={t('filters.entity')}
          labelPlacement="above"
          value={filters.entity ?? ''}
          onChange={(value) => change({ entity: value || undefined })}
          data-testid="audit-filter-entity"
        >
          <option value="">{t('filters.allEntities')}</option>
          {auditEntities.map((e) => (
            <option key={e} value={e}>
              {t(`entities.${e}`)}
            </option>
          ))}
        </FilterSelect>
        <div className="flex w-36 flex-col gap-1">
          <label htmlFor="audit-filter-entity-id">{t('filters.entityId')}</label>
          <input
            id="audit-filter-entity-id"
            className={input}
            inputMode="numeric"
            value={entityId}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 9);
              setEntityId(digits);
              change({ entityId: digits ? Number(digits) : undefined });
            }}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => exporter.mutate(apiFilters)}
          disabled={exporter.isPending}
          data-testid="audit-export"
        >
          {exporter.isPending ? t('export.running') : t('export.button')}
        </Button>
      </form>
      {exporter.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {t('export.error')} {errorText(t, exporter.error)}
        </p>
      )}

      <ResponsiveTable columns={columns} caption={t('title')} busy={list.isFetching} data-testid="audit-list">
        {list.isPending ? (
          <StateRow colSpan={columns.length}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('common:loading')}</span>
          </StateRow>
        ) : list.isError ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p role="alert" className="text-sm text-rose-700">
              {t('loadError')} {errorText(t, list.error)}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()} disabled={list.isFetching}>
              {t('retry')}
            </Button>
          </StateRow>
        ) : list.data.data.length === 0 ? (
          <StateRow colSpan={columns.length} className="text-center text-slate-600">
            <p data-testid="audit-empty">{t('empty')}</p>
          </StateRow>
        ) : (
          list.data.data.map((entry) => (
            <CardRow key={entry.id} className="align-top" data-testid="audit-row">
              <Cell label={t('columns.at')} className="md:whitespace-nowrap">
                {formatDateTime(entry.at)}
              </Cell>
              <Cell label={t('columns.who')} className="break-words">
                {whoText(t, entry)}
              </Cell>
              <Cell primary data-testid="audit-action">
                <span className="font-medium text-slate-900">{actionText(t, entry.action)}</span>
              </Cell>
              <Cell label={t('columns.record')}>
                {recordText(t, entry)}
                {entry.storeName && <span className="block text-xs text-slate-600">{entry.storeName}</span>}
              </Cell>
              <Cell label={t('columns.changes')}>
                <Changes entry={entry} t={t} />
              </Cell>
              <Cell label={t('columns.seq')} from="lg" className="text-xs text-slate-600">
                {entry.seq ?? t('unsealed')}
              </Cell>
            </CardRow>
          ))
        )}
      </ResponsiveTable>
      {list.data && (
        <Pagination page={list.data.page} totalPages={list.data.totalPages} onChange={(page) => setFilters((f) => ({ ...f, page }))} />
      )}
    </div>
  );
}
