import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-actions';
import { Localized, useContent } from '@/components/ui/localized';
import { ApiError } from '@/lib/api';
import { errorCode, errorText } from '@/lib/error-text';
import { formatDate, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAllowance } from '../api/get-allowance';
import { useGivingValues } from '../api/get-values';
import { useGive } from '../api/give';
import type { Giver, Person } from '../api/types';
import { nextDay } from '../dates';
import {
  addRecipient,
  emptyDraft,
  giveBody,
  giveCost,
  giveProblems,
  idempotencyKeeper,
  MAX_RECIPIENTS,
  MESSAGE_MAX,
  messageLength,
  pointsOf,
  type GiveDraft,
  type GiveField,
} from '../rules';
import { PersonAvatar } from './person-avatar';
import { PersonPicker } from './person-picker';

/** Where each refusal of the server is shown: next to the field it is about (the rest above the buttons). */
const fieldOfCode: Record<string, GiveField> = {
  GIVE_TO_SELF: 'recipients',
  RECIPIENT_INACTIVE: 'recipients',
  GIVE_SHARE_CAP: 'recipients',
  ALLOWANCE_EXCEEDED: 'points',
  MESSAGE_TOO_SHORT: 'message',
  VALUE_REQUIRED: 'values',
  VALUE_UNKNOWN: 'values',
};

/** The give dialog, loaded when it first opens (GiveButton): the form, then a confirmation, then the give. */
export function GiveDialog({ giver, initial, onClose }: { giver: Giver; initial: Person[]; onClose: () => void }) {
  const { t } = useTranslation('peer');
  return (
    <Dialog open title={t('give.title')} onClose={onClose} wide>
      <GiveForm giver={giver} initial={initial} onDone={onClose} />
    </Dialog>
  );
}

export function GiveForm({ giver, initial, onDone }: { giver: Giver; initial: Person[]; onDone: () => void }) {
  const { t } = useTranslation('peer');
  const content = useContent();
  const id = useId();
  const allowance = useAllowance();
  const values = useGivingValues();
  const give = useGive();
  const keeper = useRef(idempotencyKeeper()).current;
  const [draft, setDraft] = useState<GiveDraft>(() => emptyDraft(initial.filter((p) => p.id !== giver.id)));
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ field: GiveField | 'root'; message: string } | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  // The confirmation comes at the form's foot: in view (a phone's dialog scrolls) and focused.
  useEffect(() => {
    if (!confirming) return;
    confirmRef.current?.scrollIntoView?.({ block: 'nearest' });
    confirmRef.current?.querySelector<HTMLButtonElement>('[data-testid="give-send"]')?.focus();
  }, [confirming]);
  const a = allowance.data;
  const problems = giveProblems(draft, { selfId: giver.id, allowance: a });
  const active = (values.data ?? []).filter((v) => v.active);
  const cost = giveCost(draft);
  const points = pointsOf(draft);
  const length = messageLength(draft.message);
  const min = a?.minMessage ?? 0;

  const change = (patch: Partial<GiveDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setConfirming(false);
    setRefusal(null);
  };
  /** A field's message: the server's refusal about it, else (once the form was sent) the rule it breaks. */
  const error = (field: GiveField): string | undefined => {
    if (refusal?.field === field) return refusal.message;
    const problem = checked ? problems[field] : undefined;
    return problem && t(`give.errors.${problem.key}`, problem.values);
  };
  const errorId = (field: GiveField) => `${id}-${field}-error`;
  const describe = (field: GiveField, hint?: string) => (error(field) ? errorId(field) : hint);

  function review(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length === 0) setConfirming(true);
  }

  async function send() {
    const body = giveBody(draft);
    try {
      await give.mutateAsync({ body, key: keeper.keyFor(body) });
      keeper.done();
      toast.success(t('give.sent', { count: draft.recipients.length }));
      onDone();
    } catch (err) {
      setConfirming(false);
      const field = fieldOfCode[String(errorCode(err))] ?? 'root';
      const details = err instanceof ApiError ? (err.details as { recipientId?: number; userId?: number } | undefined) : undefined;
      const who = draft.recipients.find((p) => p.id === (details?.recipientId ?? details?.userId));
      const text = errorText(t, err);
      setRefusal({ field, message: who ? `${who.name}: ${text}` : text });
    }
  }

  const fieldError = (field: GiveField) => {
    const message = error(field);
    return (
      message && (
        <p id={errorId(field)} role="alert" className="text-xs font-medium text-rose-700" data-testid={`give-error-${field}`}>
          {message}
        </p>
      )
    );
  };

  return (
    <form onSubmit={review} noValidate className="space-y-5" data-testid="give-form">
      <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-950" data-testid="give-allowance-summary">
        {a ? (
          <>
            <p>
              {t('give.remaining', { points: formatPoints(a.remaining) })}{' '}
              <span className="text-indigo-800">{t('give.resets', { date: formatDate(nextDay(a.periodEnd), 'medium') })}</span>
            </p>
            {a.boost > 0 && <p className="text-xs text-indigo-800">{t('give.boost', { points: formatPoints(a.boost) })}</p>}
          </>
        ) : allowance.isError ? (
          <p>{errorText(t, allowance.error)}</p>
        ) : (
          <p aria-busy="true">{t('common:loading')}</p>
        )}
      </div>

      <fieldset className="space-y-2" aria-describedby={describe('recipients', `${id}-recipients-hint`)}>
        <legend className="text-sm font-medium text-slate-800">{t('give.recipients')}</legend>
        <p id={`${id}-recipients-hint`} className="text-xs text-slate-500">
          {t('give.recipientsHint', { max: MAX_RECIPIENTS })}
        </p>
        {draft.recipients.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('give.chosen')} data-testid="give-recipients">
            {draft.recipients.map((p) => (
              <li
                key={p.id}
                className="flex items-center gap-1.5 rounded-full border border-indigo-200 bg-white py-0.5 pr-1 pl-0.5 text-sm"
              >
                <PersonAvatar person={p} />
                <span className="max-w-40 truncate">{p.name}</span>
                <button
                  type="button"
                  className="rounded-full px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                  aria-label={t('give.remove', { name: p.name })}
                  onClick={() => change({ recipients: draft.recipients.filter((r) => r.id !== p.id) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <PersonPicker
          label={t('give.search')}
          exclude={[giver.id, ...draft.recipients.map((p) => p.id)]}
          disabled={draft.recipients.length >= MAX_RECIPIENTS}
          onPick={(p) => change({ recipients: addRecipient(draft.recipients, p, giver.id) })}
          onBackspace={() => draft.recipients.length && change({ recipients: draft.recipients.slice(0, -1) })}
          error={!!error('recipients')}
          describedBy={error('recipients') ? errorId('recipients') : undefined}
          testId="give-search"
        />
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
            value={draft.points}
            onChange={(e) => change({ points: e.target.value })}
            aria-invalid={!!error('points') || undefined}
            aria-describedby={describe('points', `${id}-cost`)}
            className={`w-28 rounded-md border px-3 py-2 text-sm ${error('points') ? 'border-rose-500' : 'border-slate-300'}`}
            data-testid="give-points"
          />
          <p id={`${id}-cost`} className="text-sm text-slate-700" data-testid="give-cost" aria-live="polite">
            {points && draft.recipients.length > 0
              ? t('give.cost', { points: formatPoints(points), count: draft.recipients.length, total: formatPoints(cost) })
              : t('give.costNone')}
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
          value={draft.message}
          maxLength={MESSAGE_MAX + 200}
          onChange={(e) => change({ message: e.target.value })}
          aria-invalid={!!error('message') || undefined}
          aria-describedby={describe('message', `${id}-count`)}
          className={`w-full rounded-md border px-3 py-2 text-sm ${error('message') ? 'border-rose-500' : 'border-slate-300'}`}
          data-testid="give-message"
        />
        <p
          id={`${id}-count`}
          className={`text-xs ${length < min || length > MESSAGE_MAX ? 'text-amber-800' : 'text-slate-500'}`}
          data-testid="give-count"
        >
          {min > 0 ? t('give.countMin', { count: length, min, max: MESSAGE_MAX }) : t('give.count', { count: length, max: MESSAGE_MAX })}
        </p>
        {fieldError('message')}
      </div>

      {(active.length > 0 || values.isPending) && (
        <fieldset className="space-y-2" aria-describedby={error('values') ? errorId('values') : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            {t('give.values')}
            {a?.valuesRequired ? <span className="font-normal text-slate-500"> · {t('give.valuesRequired')}</span> : null}
          </legend>
          <div className="flex min-h-9 flex-wrap gap-2" data-testid="give-values">
            {active.map((v) => {
              const on = draft.values.includes(v.id);
              return (
                <button
                  key={v.id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => change({ values: on ? draft.values.filter((x) => x !== v.id) : [...draft.values, v.id] })}
                  className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm ${on ? 'border-indigo-700 bg-indigo-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-indigo-400'}`}
                >
                  {v.color && (
                    <span className="h-2.5 w-2.5 rounded-full ring-1 ring-white" style={{ backgroundColor: v.color }} aria-hidden="true" />
                  )}
                  {v.emoji && <span aria-hidden="true">{v.emoji}</span>}
                  <Localized value={content(v, 'name')} />
                </button>
              );
            })}
          </div>
          {fieldError('values')}
        </fieldset>
      )}

      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={draft.private}
          onChange={(e) => change({ private: e.target.checked })}
          data-testid="give-private"
        />
        <span>
          {t('give.private')}
          <span className="block text-xs text-slate-500">{t('give.privateHint')}</span>
        </span>
      </label>

      {refusal?.field === 'root' && <FormError message={refusal.message} />}

      {confirming ? (
        <div ref={confirmRef} className="space-y-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4" data-testid="give-confirm">
          <p className="text-sm text-indigo-950" role="status">
            {t('give.confirmText', {
              total: formatPoints(cost),
              points: formatPoints(points ?? 0),
              names: draft.recipients.map((p) => p.name).join(', '),
              count: draft.recipients.length,
            })}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={give.isPending}>
              {t('give.back')}
            </Button>
            <Button onClick={() => void send()} disabled={give.isPending} data-testid="give-send">
              {give.isPending ? t('give.sending') : t('give.confirm')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" data-testid="give-review">
            {t('give.review')}
          </Button>
        </div>
      )}
    </form>
  );
}
