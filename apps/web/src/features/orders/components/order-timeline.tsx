import type { OrderTracking } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useContent } from '@/components/ui/localized';

/** What an edit did, in words: each line's new quantity (or its removal), the comment, the points moved. */
function EditSummary({ edit }: { edit: NonNullable<OrderTracking['edit']> }) {
  const { t } = useTranslation();
  const content = useContent();
  const parts = edit.changes.lines.map((l) => {
    const name = content(l, 'name').text;
    return l.to === 0 ? t('orders.edit.lineRemoved', { name }) : t('orders.edit.lineChanged', { name, from: l.from, to: l.to });
  });
  if (edit.changes.comment) parts.push(edit.changes.comment.to ? t('orders.edit.commentSet') : t('orders.edit.commentCleared'));
  if (edit.points > 0) parts.push(t('orders.edit.refunded', { points: formatPoints(edit.points) }));
  if (edit.points < 0) parts.push(t('orders.edit.charged', { points: formatPoints(-edit.points) }));
  return <>{parts.join(' · ')}</>;
}

/**
 * An order's timeline: each status move, and each administrator's edit with who made it, why and what it
 * changed (docs/architecture.md A6.6). `compact` is the customer's one line per step in /myOrders; the
 * administrators' page shows a step per block with its author.
 */
export function OrderTimeline({ steps, label, compact = false }: { steps: OrderTracking[]; label: string; compact?: boolean }) {
  const { t } = useTranslation();
  const title = (step: OrderTracking) => (step.edit ? t('orders.edit.step') : t(`orders.status.${step.status}`));
  const cause = (step: OrderTracking) => (step.cause && step.cause !== 'created' ? step.cause : null);
  if (compact)
    return (
      <ol className="flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-100 pt-2 text-xs text-slate-600" aria-label={label}>
        {steps.map((step) => (
          <li key={step.id} data-testid={step.edit ? 'timeline-edit' : undefined}>
            <span className="font-semibold text-slate-800">{title(step)}</span> · {formatDateTime(step.createdAt)}
            {cause(step) ? ` · ${cause(step)}` : ''}
            {step.comment ? ` · ${step.comment}` : ''}
            {step.edit && (
              <>
                {' · '}
                <EditSummary edit={step.edit} />
              </>
            )}
          </li>
        ))}
      </ol>
    );
  return (
    <ol className="space-y-2 border-l-2 border-indigo-100 pl-4 text-sm" aria-label={label}>
      {steps.map((step) => (
        <li key={step.id} data-testid={step.edit ? 'timeline-edit' : undefined}>
          <span className="font-semibold text-slate-900">{title(step)}</span>
          <span className="text-slate-600"> · {formatDateTime(step.createdAt)}</span>
          {step.by && <span className="text-slate-600"> · {t('orders.edit.by', { name: step.by })}</span>}
          {cause(step) && <span className="block text-slate-700">{t('orders.edit.reasonIs', { reason: cause(step) })}</span>}
          {step.edit && (
            <span className="block text-slate-700">
              <EditSummary edit={step.edit} />
            </span>
          )}
          {step.comment && <span className="block text-slate-700">“{step.comment}”</span>}
        </li>
      ))}
    </ol>
  );
}
