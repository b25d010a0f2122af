import { useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { recognitionQueryOptions } from '@/features/peer/api/get-recognition';
import { RecognitionView } from '@/features/peer/components/recognition-view';
import { idParam } from '@/features/peer/filters';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

/** The recognition with every comment: it paints with the page. */
export const firstData: FirstData = async ({ queryClient, user, params }) => {
  const id = idParam(params.id);
  if (user && id !== undefined) await queryClient.prefetchQuery(recognitionQueryOptions(id));
};

/** /recognition/{id}: one recognition, its comments, a comment box and "add points" (not found when not visible). */
export default function RecognitionPage() {
  const { t } = useTranslation('peer');
  const session = useSession();
  const id = idParam(useParams().id) ?? 0;
  return (
    <Page title={t('page.title')}>
      <div className="mx-auto max-w-3xl">{session.data && <RecognitionView id={id} readerId={session.data.id} />}</div>
    </Page>
  );
}
