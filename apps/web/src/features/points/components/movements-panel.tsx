import { useState } from 'react';
import { MOVEMENTS_PAGE_SIZE } from '@rewards/shared/pages';
import type { Language } from '@rewards/shared/enums';
import type { MovementPeriod } from '@rewards/shared/points';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { downloadStatement } from '../api/download-statement';
import { useMyMovements } from '../api/get-my-movements';
import { useProgramCalendar } from '../api/get-program-calendar';
import { MovementsTable, MovementsTableSkeleton } from './movements-table';
import { isReversed, PeriodPicker, periodOf, type Preset } from './period-picker';

/** /account's movements: the period, the page of movements, and the PDF statement of the same period. */
export function MovementsPanel() {
  const { t, i18n } = useTranslation('points');
  const errorText = useErrorText();
  const calendar = useProgramCalendar();
  const [preset, setPreset] = useState<Preset>('year');
  const [custom, setCustom] = useState<MovementPeriod>({});
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);

  const period = periodOf(preset, custom, calendar.data);
  const invalidRange = isReversed(period);
  const movements = useMyMovements(period ?? {}, page, period !== undefined && !invalidRange);

  const download = async () => {
    if (!period) return;
    setDownloading(true);
    try {
      await downloadStatement(period, i18n.language as Language);
      toast.success(t('account.downloaded'));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      aria-labelledby="movements-title"
      data-testid="movements-panel"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="movements-title" className="text-lg font-semibold">
          {t('account.movements')}
        </h2>
        <Button
          variant="secondary"
          onClick={download}
          disabled={downloading || invalidRange || period === undefined}
          data-testid="download-statement"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
          </svg>
          {downloading ? t('account.downloading') : t('account.download')}
        </Button>
      </div>
      <PeriodPicker
        preset={preset}
        custom={custom}
        today={calendar.data?.today}
        onPreset={(next) => {
          setPreset(next);
          setPage(1);
        }}
        onCustom={(next) => {
          setCustom(next);
          setPage(1);
        }}
      />
      {invalidRange ? null : movements.isPending ? (
        <MovementsTableSkeleton rows={MOVEMENTS_PAGE_SIZE} />
      ) : movements.isError ? (
        <p role="alert" className="text-rose-700">
          {errorText(movements.error)}
        </p>
      ) : movements.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('account.noMovements')}</p>
      ) : (
        <MovementsTable movements={movements.data.data} />
      )}
      {movements.data && !invalidRange && (
        <Pagination page={movements.data.page} totalPages={movements.data.totalPages} onChange={setPage} />
      )}
    </section>
  );
}
