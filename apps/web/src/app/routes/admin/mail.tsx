import { useTranslation } from '@/lib/use-translation';
import { OutboxPanel } from '@/features/mail/components/outbox-panel';
import { Page } from '@/components/ui/page';

/** /admin/mail: the e-mail outbox (everything queued, sent or failed; without SMTP it only keeps them). */
export default function AdminMailPage() {
  const { t } = useTranslation('mail');
  return (
    <Page title={t('title')}>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-slate-600">{t('help')}</p>
      <OutboxPanel />
    </Page>
  );
}
