import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useAddComment } from '../api/add-comment';
import { MESSAGE_MAX, messageLength } from '../rules';

/** The comment box of a recognition's page: 1 to 2000 characters; sent, it empties and the comment shows. */
export function CommentBox({ recognitionId }: { recognitionId: number }) {
  const { t } = useTranslation('peer');
  const id = useId();
  const add = useAddComment(recognitionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = messageLength(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length === 0) return setError(t('comment.empty'));
    if (length > MESSAGE_MAX) return setError(t('give.errors.messageLong', { max: MESSAGE_MAX }));
    try {
      await add.mutateAsync(text.trim());
      setText('');
      setError(null);
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="comment-form" id="comment">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('comment.label')}
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={MESSAGE_MAX + 200}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-md border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-slate-300'}`}
        data-testid="comment-input"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-rose-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={add.isPending} data-testid="comment-send">
          {t('comment.send')}
        </Button>
      </div>
    </form>
  );
}
