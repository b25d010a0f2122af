import { useTranslation } from '@/lib/use-translation';
import { useSupportContact } from '../api/get-support';

/**
 * The way out for someone who cannot sign in (an inactive user, an IS to correct): the support contact
 * of SUPPORT_CONTACT as a link, with `lead` before it. Nothing when none is configured.
 */
export function SupportContactLink({ lead, className = '' }: { lead: 'inactive' | 'help'; className?: string }) {
  const { t } = useTranslation('login');
  const contact = useSupportContact().data;
  if (!contact) return null;
  return (
    <p className={className} data-testid={`support-${lead}`}>
      {t(`support.${lead}`)}{' '}
      <a
        href={contact.href}
        className="font-medium text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
        {...(contact.kind === 'url' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {contact.value}
      </a>
    </p>
  );
}
