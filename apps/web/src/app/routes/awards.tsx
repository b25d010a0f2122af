import { useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { GiveAwardForm, type RenderPicker } from '@/features/awards/components/give-award-form';
import { MyAwards } from '@/features/awards/components/my-awards';
import { PersonPicker } from '@/features/peer/components/person-picker';
import { Page } from '@/components/ui/page';

/** The people search of the peer give form, for the award form (features never import each other: the page composes them). */
export const peoplePicker: RenderPicker = (p) => <PersonPicker {...p} testId="award-search" />;

/**
 * /awards and /awards/{id} (docs/architecture.md A6.19): "Give an award" from a budget the reader may spend,
 * and "My awards", each one's state, who holds it and a denial's reason; the award a notification names is
 * marked.
 */
export default function AwardsPage() {
  const { t } = useTranslation('awards');
  const session = useSession();
  const params = useParams();
  const highlight = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const user = session.data;
  return (
    <Page title={t('title')}>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="give-award-title" className="space-y-3">
          <h2 id="give-award-title" className="text-lg font-semibold text-slate-900">
            {t('give.title')}
          </h2>
          {user && <GiveAwardForm selfId={user.id} renderPicker={peoplePicker} />}
        </section>
        <MyAwards highlight={highlight} />
      </div>
    </Page>
  );
}
