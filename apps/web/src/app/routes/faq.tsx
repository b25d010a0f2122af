import { useTranslation } from '@/lib/use-translation';
import { Page } from '@/components/ui/page';

export default function FaqPage() {
  const { t } = useTranslation('faq');
  const items = t('items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <Page title={t('title')}>
      <div className="space-y-3">
        {items.map((item) => (
          <details key={item.q} className="group rounded-xl border border-slate-200 bg-white p-4 open:shadow-sm">
            <summary className="cursor-pointer font-medium text-slate-900 marker:text-indigo-700">{item.q}</summary>
            <p className="mt-2 text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
    </Page>
  );
}
