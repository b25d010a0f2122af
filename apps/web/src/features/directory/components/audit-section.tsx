import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/format';
import { useDirectoryAudit } from '../api/audit';
import { sources, type DirectoryAuditItem, type DirectorySource } from '../api/types';
import { ChangesList } from './changes-list';
import { directoryErrorText } from './texts';

const sourceStyles: Record<DirectorySource, string> = {
  scim: 'bg-indigo-100 text-indigo-900',
  sync: 'bg-teal-100 text-teal-900',
};

/** Who made a change: the SCIM connection, or the super administrator who applied the sync. */
function byOf(item: DirectoryAuditItem): string {
  return item.connection?.name ?? item.actor?.name ?? '—';
}

/**
 * The directory's audit list (docs/architecture.md A6.18): every change SCIM or a sync made to a person,
 * newest first, with who made it, what it changed (before → after) and the request it came in; by source.
 */
export function AuditSection() {
  const { t } = useTranslation('directory');
  const [source, setSource] = useState<DirectorySource | ''>('');
  const [page, setPage] = useState(1);
  const audit = useDirectoryAudit({ page, source: source || undefined });
  const columns = [
    { label: t('audit.columns.at') },
    { label: t('audit.columns.source') },
    { label: t('audit.columns.by') },
    { label: t('audit.columns.person') },
    { label: t('audit.columns.action') },
    { label: t('audit.columns.changes') },
    { label: t('audit.columns.requestId'), from: 'lg' as const },
  ];

  return (
    <section aria-labelledby="directory-audit-title" className="space-y-4">
      <div>
        <h2 id="directory-audit-title" className="text-lg font-semibold text-slate-900">
          {t('audit.title')}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">{t('audit.help')}</p>
      </div>
      <FilterSelect
        id="directory-audit-source"
        label={t('audit.source')}
        labelPlacement="beside"
        value={source}
        onChange={(value) => {
          setSource(value as DirectorySource | '');
          setPage(1);
        }}
        data-testid="directory-audit-source"
      >
        <option value="">{t('audit.allSources')}</option>
        {sources.map((s) => (
          <option key={s} value={s}>
            {t(`sources.${s}`)}
          </option>
        ))}
      </FilterSelect>
      <ResponsiveTable columns={columns} caption={t('audit.title')} busy={audit.isFetching} data-testid="directory-audit">
        {audit.isPending ? (
          <StateRow colSpan={columns.length}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('common:loading')}</span>
          </StateRow>
        ) : audit.isError ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p role="alert" className="text-sm text-rose-700">
              {t('audit.loadError')} {directoryErrorText(t, audit.error)}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
              {t('retry')}
            </Button>
          </StateRow>
        ) : audit.data.data.length === 0 ? (
          <StateRow colSpan={columns.length} className="text-center text-slate-600">
            <p data-testid="directory-audit-empty">{source ? t('audit.emptySource') : t('audit.empty')}</p>
          </StateRow>
        ) : (
          audit.data.data.map((item) => (
            <CardRow key={item.id} className="align-top" data-testid="directory-audit-row">
              <Cell label={t('audit.columns.at')} className="md:whitespace-nowrap">
                {formatDateTime(item.at)}
              </Cell>
              <Cell label={t('audit.columns.source')}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${sourceStyles[item.source]}`}>
                  {t(`sources.${item.source}`)}
                </span>
              </Cell>
              <Cell label={t('audit.columns.by')} className="break-words" data-testid="directory-audit-by">
                {byOf(item)}
              </Cell>
              <Cell primary>
                {item.user ? (
                  <>
                    <span className="font-medium text-slate-900">{item.user.name}</span>
                    <span className="block text-xs break-all text-slate-600">{item.user.email}</span>
                  </>
                ) : (
                  <span className="text-slate-500">{t('audit.noPerson')}</span>
                )}
              </Cell>
              <Cell label={t('audit.columns.action')} data-testid="directory-audit-action">
                {t(`actions.${item.action}`)}
              </Cell>
              <Cell label={t('audit.columns.changes')}>
                <ChangesList changes={item.changes} />
              </Cell>
              <Cell label={t('audit.columns.requestId')} from="lg" className="font-mono text-xs break-all text-slate-600">
                {item.requestId}
              </Cell>
            </CardRow>
          ))
        )}
      </ResponsiveTable>
      {audit.data && <Pagination page={audit.data.page} totalPages={audit.data.totalPages} onChange={setPage} />}
    </section>
  );
}
