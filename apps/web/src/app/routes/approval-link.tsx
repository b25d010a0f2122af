import { useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ApprovalLinkView } from '@/features/awards/components/approval-link-view';
import { Page } from '@/components/ui/page';

/**
 * /approvals/link/{token}: the page an approval e-mail's approve or deny link opens (docs/architecture.md
 * A6.19). It asks to confirm; the token is the credential, so it needs no session.
 */
export default function ApprovalLinkPage() {
  const { t } = useTranslation('awards');
  const { token = '' } = useParams();
  return (
    <Page title={t('link.title')}>
      <ApprovalLinkView token={token} />
    </Page>
  );
}
