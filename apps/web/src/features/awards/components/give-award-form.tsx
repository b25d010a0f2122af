import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { errorCode, errorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { useGiveAward } from '../api/awards';
import { useBudgets } from '../api/budgets';
import { AWARD_MESSAGE_MAX, AWARD_MESSAGE_MIN, AWARD_POINTS_MAX, AWARD_RECIPIENTS_MAX, type Award, type Budget } from '../api/types';
import { AwardSummary } from './award-summary';
import { heldByText } from './texts';

/** A person picked for an award. */
export interface PickedPerson {
  id: number;
  name: string;
}

/** The people search the page gives the form (the peer give form's, features/peer/components/person-picker). */
export type RenderPicker = (p: {
  label: string;
  exclude: number[];
  disabled: boolean;
  error: boolean;
  describedBy?: string;
  onPick: (person: PickedPerson) => void;
  onBackspace: () => void;
}) => ReactNode;

type Field = 'budget' | 'recipients' | 'points' | 'message';

const fieldOfCode: Record<string, Field> = {
  BUDGET_EXCEEDED: 'points',
  BUDGET_CLOSED: 'budget',
  FORBIDDEN: 'budget',
  RECIPIENT_OUT_OF_SCOPE: 'recipients',
  GIVE_TO_SELF: 'recipients',
  RECIPIENT_INACTIVE: 'recipients',
  MESSAGE_TOO_SHORT: 'message',
};

/** A new Idempotency-Key per award, the same one for retries of the same body (decision 0051). */
function keeper() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown) {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: globalThis.crypto.randomUUID() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

export const budgetLabel = (t: (k: string, o?: Record<string, unknown>) => string, b: Budget) =>
  `${b.storeName} · ${b.scope === 'department' ? (b.department ?? '') : b.scope === 'manager' ? (b.manager?.name ?? '') : t('scope.store')} (${t('give.available', { points: formatPoints(b.available) })})`;

/**
 * "Give an award" (docs/architecture.md A6.19): a budget the reader may spend, the recipients, points each
 * and a message; each award is sent once with its own Idempotency-Key. Credited at once, or waiting for
 * approval by whom; a budget that cannot cover it says how much it has.
 */
export function GiveAwardForm({ selfId, renderPicker }: { selfId: number; renderPicker: RenderPicker }) {
  const { t } = useTranslation('awards');
  const id = useId();
  const budgets = useBudgets({ spendable: true, page: 1 });
  const give = useGiveAward();
  const keys = useRef(keeper()).current;
  const [budgetId, setBudgetId] = useState<number | null>(null);
  const [recipients, setRecipients] = useState<PickedPerson[]>([]);
  const [points, setPoints] = useState('');
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<{ field: Field | 'root'; message: string } | null>(null);
  const [result, setResult] = useState<Award | null>(null);

  const list = (budgets.data?.data ?? []).filter((b) => b.canSpend && !b.closedAt);
  const chosen = list.find((b) => b.id === budgetId) ?? (list.length === 1 ? list[0] : undefined);
  const amount = /^\d+$/.test(points.trim()) ? Number(points) : null;
  const total = amount !== null ? amount * recipients.length : 0;

  const problems: Partial<Record<Field, string>> = {};
  if (!chosen) problems.budget = t('give.errors.budget');
  if (recipients.length === 0) problems.recipients = t('give.errors.recipients');
  if (amount === null || amount < 1 || amount > AWARD_POINTS_MAX)
    problems.points = t('give.errors.points', { max: formatPoints(AWARD_POINTS_MAX) });
  else if (chosen && total > chosen.available) problems.points = t('give.errors.over', { available: formatPoints(chosen.available) });
  const length = message.trim().length;
  if (length < AWARD_MESSAGE_MIN || length > AWARD_MESSAGE_MAX)
    problems.message = t('give.errors.message', { min: AWARD_MESSAGE_MIN, max: AWARD_MESSAGE_MAX });

  const error = (f: Field) => (refusal?.field === f ? refusal.message : checked ? problems[f] : undefined);
  const errorId = (f: Field) => `${id}-${f}-error`;
  const fieldError = (f: Field) =>
    error(f) && (
      <p id={errorId(f)} role="alert" className="text-xs font-medium text-rose-700" data-testid={`award-error-${f}`}>
        {error(f)}
      </p>
    );
  const touch = () => {
    setRefusal(null);
    setResult(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length > 0 || !chosen || amount === null) return;
    const body = { budgetId: chosen.id, recipients: recipients.map((p) => p.id), points: amount, message: message.trim() };
    try {
      const award = await give.mutateAsync({ body, key: keys.keyFor(body) });
      keys.done();
      setResult(award);
      setRecipients([]);
      setPoints('');
      setMessage('');
      setChecked(false);
    } catch (err) {
      const code = String(errorCode(err));
      const details = err instanceof ApiError ? (err.details as { recipientId?: number; userId?: number } | undefined) : undefined;
      const who = recipients.find((p) => p.id === (details?.recipientId ?? details?.userId));
      const text = errorText(t, err);
      setRefusal({ field: fieldOfCode[code] ?? 'root', message: who ? `${who.name}: ${text}` : text });
    }
  }

  if (budgets.isPending) return <p aria-busy="true">{t('common:loading')}</p>;
  if (budgets.isError)
    return (
      <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800">
        {t('give.loadError')} {errorText(t, budgets.error)}
        <Button variant="secondary" className="ml-2" onClick={() => void budgets.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (list.length === 0)
    return (
      <p className="rounded-lg bg-white p-4 text-sm text-slate-600" data-testid="give-award-none">
        {t('give.noBudget')}
      </p>
    );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-5 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="give-award-form"
    >
      {result && (
        <div
          role="status"
          className={`space-y-2 rounded-lg p-3 text-sm ${result.status === 'waiting' ? 'bg-amber-50 text-amber-950' : 'bg-emerald-50 text-emerald-950'}`}
          data-testid="give-award-result"
        >
          <p className="font-semibold">
            {result.status === 'waiting'
              ? t('give.waiting', { who: heldByText(t, result) })
              : t('give.credited', { total: formatPoints(result.total), count: result.recipients.length })}
          </p>
          <AwardSummary award={result} />
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-budget`} className="block text-sm font-medium text-slate-800">
          {t('give.budget')}
        </label>
        <select
          id={`${id}-budget`}
          value={chosen?.id ?? ''}
          onChange={(e) => {
            setBudgetId(Number(e.target.value) || null);
            touch();
          }}
          aria-invalid={!!error('budget') || undefined}
          aria-describedby={error('budget') ? errorId('budget') : undefined}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          data-testid="award-budget"
        >
          {!chosen && <option value="">{t('give.pickBudget')}</option>}
          {list.map((b) => (
            <option key={b.id} value={b.id}>
              {budgetLabel(t, b)}
            </option>
          ))}
        </select>
        {fieldError('budget')}
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('give.recipients')}</legend>
        {recipients.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('give.chosen')} data-testid="award-recipients">
            {recipients.map((p) => (
              <li key={p.id} className="flex items-center gap-1.5 rounded-full border border-indigo-200 bg-white py-0.5 pr-1 pl-3 text-sm">
                <span className="max-w-40 truncate">{p.name}</span>
                <button
                  type="button"
                  className="rounded-full px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                  aria-label={t('give.remove', { name: p.name })}
                  onClick={() => {
                    setRecipients(recipients.filter((r) => r.id !== p.id));
                    touch();
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {renderPicker({
          label: t('give.search'),
          exclude: [selfId, ...recipients.map((p) => p.id)],
          disabled: recipients.length >= AWARD_RECIPIENTS_MAX,
          error: !!error('recipients'),
          describedBy: error('recipients') ? errorId('recipients') : undefined,
          onPick: (p) => {
            if (p.id !== selfId && !recipients.some((r) => r.id === p.id)) setRecipients([...recipients, { id: p.id, name: p.name }]);
            touch();
          },
          onBackspace: () => recipients.length && setRecipients(recipients.slice(0, -1)),
        })}
        {fieldError('recipients')}
      </fieldset>

      <div className="space-y-1">
        <label htmlFor={`${id}-points`} className="block text-sm font-medium text-slate-800">
          {t('give.points')}
        </label>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <input
            id={`${id}-points`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={points}
            onChange={(e) => {
              setPoints(e.target.value);
              touch();
            }}
            aria-invalid={!!error('points') || undefined}
            aria-describedby={error('points') ? errorId('points') : `${id}-total`}
            className="w-32 rounded-md border border-slate-300 px-3 py-2 text-sm"
            data-testid="award-points"
          />
          <p id={`${id}-total`} className="text-sm text-slate-700" aria-live="polite" data-testid="award-total">
            {amount && recipients.length > 0 ? t('give.total', { total: formatPoints(total), count: recipients.length }) : ''}
          </p>
        </div>
        {fieldError('points')}
      </div>

      <div className="space-y-1">
        <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
          {t('give.message')}
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          value={message}
          maxLength={AWARD_MESSAGE_MAX + 200}
          onChange={(e) => {
            setMessage(e.target.value);
            touch();
          }}
          aria-invalid={!!error('message') || undefined}
          aria-describedby={error('message') ? errorId('message') : `${id}-count`}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          data-testid="award-message"
        />
        <p id={`${id}-count`} className="text-xs text-slate-500">
          {t('give.count', { count: length, min: AWARD_MESSAGE_MIN, max: AWARD_MESSAGE_MAX })}
        </p>
        {fieldError('message')}
      </div>

      {refusal?.field === 'root' && <FormError message={refusal.message} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={give.isPending} data-testid="award-send">
          {give.isPending ? t('give.sending') : t('give.send')}
        </Button>
      </div>
    </form>
  );
}
