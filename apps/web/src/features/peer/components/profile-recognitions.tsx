import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Tabs } from '@/components/ui/tabs';
import { FeedList } from './feed-list';

const tabs = ['received', 'given'] as const;
type Tab = (typeof tabs)[number];

/** The profile's recognitions: those the reader received and those they gave (the feed filtered by them). */
export function ProfileRecognitions({ readerId }: { readerId: number }) {
  const { t } = useTranslation('peer');
  const [tab, setTab] = useState<Tab>('received');
  return (
    <section
      className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="profile-recognitions"
      data-testid="profile-recognitions"
    >
      <h2 id="profile-recognitions" className="mb-3 text-lg font-semibold text-slate-900">
        {t('profile.title')}
      </h2>
      <Tabs
        label={t('profile.title')}
        selected={tab}
        onSelect={(id) => setTab(id as Tab)}
        tabs={tabs.map((id) => ({ id, label: t(`profile.${id}`) }))}
      />
      <FeedList key={tab} filters={{ personId: readerId, direction: tab }} readerId={readerId} empty={t(`profile.empty.${tab}`)} />
    </section>
  );
}
