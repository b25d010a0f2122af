import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { errorCode, errorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useApprovalLink, useDecideLink } from '../api/approvals';
import { DenyForm } from './deny-form';
import { names } from './texts';

/**
 * The page a signed approval link opens (docs/architecture.md A6.19): the award and what the link does,
 * decided only when its approver confirms (a denial with its reason); a link already used, escalated or
 * expired says so and leads to the approvals list. The token is the credential: no session is needed.
 */
export function ApprovalLinkView({ token }: { token: string }) {
  const { t } = useTranslation('awards');
  const link = useApprovalLink(token);
  const decide = useDecideLink(token);
  const [done, setDone] = useState(false);

  if (link.isPending) return <p aria-busy="true">{t('common:loading')}</p>;
  if (link.isError)
    return (
      <div role="alert" className="rounded-lg bg-rose-50 p-4 text-sm text-rose-800" data-testid="link-error">
        {errorCode(link.error) === 'NOT_FOUND' ? t('link.unknown') : errorText(t, link.error)}
      </div>
    );
  const l = link.data;
  const a = l.award;
  return (
    <div className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-4" data-testid="approval-link">
      <p className="text-sm text-slate-600">{t('link.for', { name: l.approver.name })}</p>
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">
          {t('summary.points', { points: formatPoints(a.points), count: a.recipients.length, total: formatPoints(a.total) })}
        </p>
        <p className="text-sm text-slate-800">
          {t('summary.from', { name: a.giver.name })} · {t('summary.to', { names: names(a.recipients) })}
        </p>
        <p className="text-sm whitespace-pre-line break-words text-slate-700">{a.message}</p>
      </div>
      {done || !l.usable ? (
        <div role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-800" data-testid="link-state">
          <p>{done ? t(`link.done.${l.action}`) : t(`link.refusal.${l.refusal ?? 'decided'}`)}</p>
          <Link to="/approvals" className="mt-2 inline-block font-medium text-indigo-700 underline">
            {t('link.toList')}
          </Link>
        </div>
      ) : l.action === 'approve' ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-800">{t('link.confirmApprove', { expires: formatDateTime(l.expiresAt) })}</p>
          {decide.isError && <FormError message={errorText(t, decide.error)} />}
          <Button
            disabled={decide.isPending}
            onClick={() => decide.mutate({}, { onSuccess: () => setDone(true) })}
            data-testid="link-approve"
          >
            {t('approvals.approve')}
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-800">{t('link.confirmDeny', { expires: formatDateTime(l.expiresAt) })}</p>
          <DenyForm
            busy={decide.isPending}
            error={decide.isError ? errorText(t, decide.error) : undefined}
            onDeny={(reason) => decide.mutate({ reason }, { onSuccess: () => setDone(true) })}
            onCancel={() => window.history.back()}
          />
        </div>
      )}
    </div>
  );
}
