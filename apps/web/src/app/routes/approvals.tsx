import { useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ApprovalsList } from '@/features/awards/components/approvals-list';
import { Page } from '@/components/ui/page';

/**
 * /approvals and /approvals/{step} (docs/architecture.md A6.19): the awards waiting for the reader's
 * approval, oldest first; the step an approval request names is marked.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation('awards');
  const params = useParams();
  const highlight = params.stepId && /^\d+$/.test(params.stepId) ? Number(params.stepId) : undefined;
  return (
    <Page title={t('approvals.title')}>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-slate-600">{t('approvals.help')}</p>
      <ApprovalsList highlight={highlight} />
    </Page>
  );
}
