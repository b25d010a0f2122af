import { useTranslation } from 'react-i18next';
import { describeMovement, type MovementLine } from '@rewards/shared/points';
import { TableHead } from '@/components/ui/table';
import { formatDateTime, formatPoints } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Movements as a table: when, what (in the reader's language), which kind, and the signed points. */
export function MovementsTable({ movements }: { movements: MovementLine[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="movements">
        <TableHead
          columns={[
            { label: t('account.date') },
            { label: t('account.description') },
            { label: t('account.kind'), className: 'hidden sm:table-cell' },
            { label: t('account.points'), end: true },
          ]}
        />
        <tbody>
          {movements.map((m) => (
            <tr key={m.id} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(m.createdAt)}</td>
              <td className="py-2 pr-4 text-slate-900">{describeMovement(m, currentLanguage())}</td>
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
