import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAddPoints } from '../api/add-points';
import { useAllowance } from '../api/get-allowance';
import type { Recognition } from '../api/types';
import { idempotencyKeeper, MESSAGE_MAX, pointsOf } from '../rules';

/**
 * "Add points" to someone else's recognition: points to each recipient from the reader's allowance, and an
 * optional message; what it costs in all is shown before it is sent, with its own Idempotency-Key kept
 * across retries of the same add.
 */
export function AddPointsForm({ item }: { item: Recognition }) {
  const { t } = useTranslation('peer');
  const id = useId();
  const allowance = useAllowance();
  const add = useAddPoints(item.id);
  const keeper = useRef(idempotencyKeeper()).current;
  const [points, setPoints] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<{ field: 'points' | 'message' | 'root'; text: string } | null>(null);
  const perPerson = pointsOf({ points });
  const cost = (perPerson ?? 0) * item.recipients.length;
  const remaining = allowance.data?.remaining;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (perPerson === null) return setError({ field: 'points', text: t('give.errors.pointsRequired') });
    if (remaining !== undefined && cost > remaining)
      return setError({
        field: 'points',
        text: t('give.errors.overAllowance', { cost: formatPoints(cost), remaining: formatPoints(remaining) }),
      });
    if (message.trim().length > MESSAGE_MAX)
      return setError({ field: 'message', text: t('give.errors.messageLong', { max: MESSAGE_MAX }) });
    const body = { points: perPerson, ...(message.trim() ? { message: message.trim() } : {}) };
    try {
      await add.mutateAsync({ body, key: keeper.keyFor(body) });
      keeper.done();
      setPoints('');
      setMessage('');
      setError(null);
      toast.success(t('addPoints.sent'));
    } catch (err) {
      const code = String((err as { code?: string }).code);
      setError({ field: code === 'ALLOWANCE_EXCEEDED' || code === 'GIVE_SHARE_CAP' ? 'points' : 'root', text: errorText(t, err) });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="addon-form">
      <h2 className="text-base font-semibold text-slate-900">{t('addPoints.title')}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-points`} className="block text-sm font-medium text-slate-800">
            {t('addPoints.points')}
          </label>
          <input
            id={`${id}-points`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={points}
            onChange={(e) => {
              setPoints(e.target.value);
              setError(null);
            }}
            aria-invalid={error?.field === 'points' || undefined}
            aria-describedby={error?.field === 'points' ? `${id}-error` : `${id}-cost`}
            className={`w-28 rounded-md border px-3 py-2 text-sm ${error?.field === 'points' ? 'border-rose-500' : 'border-slate-300'}`}
            data-testid="addon-points"
          />
        </div>
        <p id={`${id}-cost`} className="pb-2 text-sm text-slate-700" data-testid="addon-cost">
          {perPerson
            ? t('give.cost', { points: formatPoints(perPerson), count: item.recipients.length, total: formatPoints(cost) })
            : t('addPoints.costNone')}
          {remaining !== undefined && <span className="text-slate-500"> · {t('give.remaining', { points: formatPoints(remaining) })}</span>}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
          {t('addPoints.message')}
        </label>
        <input
          id={`${id}-message`}
          value={message}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setMessage(e.target.value)}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          data-testid="addon-message"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-rose-700" data-testid="addon-error">
          {error.text}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending} data-testid="addon-send">
          {t('addPoints.send')}
        </Button>
      </div>
    </form>
  );
}
