import { describeMovement } from '@rewards/shared/movement-text';
import type { MovementLine } from '@rewards/shared/points';
import { useTranslation } from '@/lib/use-translation';
import { TableHead } from '@/components/ui/table';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useLanguage } from '@/components/ui/localized';

function useColumns() {
  const { t } = useTranslation('points');
  return [
    { label: t('account.date') },
    { label: t('account.description') },
    { label: t('account.kind'), className: 'hidden sm:table-cell' },
    { label: t('account.points'), end: true },
  ];
}

/** Movements as a table: when, what (in the reader's language), which kind, and the signed points. */
export function MovementsTable({ movements }: { movements: MovementLine[] }) {
  const { t } = useTranslation('points');
  const lang = useLanguage();
  const columns = useColumns();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="movements">
        <TableHead columns={columns} />
        <tbody>
          {movements.map((m) => (
            <tr key={m.id} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(m.createdAt)}</td>
              <td className="py-2 pr-4 text-slate-900">{describeMovement(m, lang)}</td>
              <td className="hidden py-2 pr-4 text-slate-600 sm:table-cell">{t(`account.kinds.${m.kind}`)}</td>
              <td className={`py-2 text-right font-semibold tabular-nums ${m.value > 0 ? 'text-emerald-700' : 'text-slate-900'}`}>
                {m.value > 0 ? '+' : '−'}
                {formatPoints(Math.abs(m.value))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The table while a page of movements loads: its head and `rows` lines of the same height. */
export function MovementsTableSkeleton({ rows }: { rows: number }) {
  const columns = useColumns();
  const bar = 'inline-block h-3.5 animate-pulse rounded bg-slate-200 align-middle';
  return (
    <div className="overflow-x-auto" aria-busy="true">
      <table className="w-full text-left text-sm">
        <TableHead columns={columns} />
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4">
                <span className={`${bar} w-24`} />
              </td>
              <td className="py-2 pr-4">
                <span className={`${bar} w-32`} />
              </td>
              <td className="hidden py-2 pr-4 sm:table-cell">
                <span className={`${bar} w-16`} />
              </td>
              <td className="py-2 text-right">
                <span className={`${bar} w-12`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
