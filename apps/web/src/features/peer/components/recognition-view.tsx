import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useRecognition } from '../api/get-recognition';
import { AddPointsForm } from './add-points-form';
import { CommentBox } from './comment-box';
import { LiveFeed } from './live-feed';
import { RecognitionCard, RecognitionSkeleton } from './recognition-card';

/**
 * A recognition's page: the card with every comment, the comment box and, for someone who neither gave nor
 * received it, "add points"; live like the feed. One the reader may not see (or that does not exist) is
 * not found.
 */
export function RecognitionView({ id, readerId }: { id: number; readerId: number }) {
  // In the same place whatever the page shows, so that it starts once.
  return (
    <>
      <LiveFeed filters={null} recognitionId={id} />
      <RecognitionBody id={id} readerId={readerId} />
    </>
  );
}

function RecognitionBody({ id, readerId }: { id: number; readerId: number }) {
  const { t } = useTranslation('peer');
  const recognition = useRecognition(id);
  const item = recognition.data;
  if (!Number.isInteger(id) || id <= 0 || recognition.data === null)
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6" data-testid="recognition-not-found">
        <p className="mb-4 text-slate-700">{t('page.notFound')}</p>
        <Link to="/feed" className="font-semibold text-indigo-700 hover:underline">
          {t('page.toFeed')}
        </Link>
      </div>
    );
  if (recognition.isError)
    return (
      <div className="rounded-xl border border-rose-200 bg-rose-50 p-4">
        <p role="alert" className="text-sm text-rose-900">
          {t('feed.loadError')} {errorText(t, recognition.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void recognition.refetch()}>
          {t('feed.retry')}
        </Button>
      </div>
    );
  if (!item) return <RecognitionSkeleton />;
  // A celebration (no giver) takes no add-ons: colleagues give to the person instead.
  const involved = !item.giver || item.giver.id === readerId || item.recipients.some((p) => p.id === readerId);
  return (
    <div className="space-y-4">
      <RecognitionCard item={item} readerId={readerId} full />
      <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <CommentBox recognitionId={item.id} />
      </div>
      {!involved && (
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <AddPointsForm item={item} />
        </div>
      )}
    </div>
  );
}
