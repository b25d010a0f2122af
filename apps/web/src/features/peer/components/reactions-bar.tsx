import { peerReactions, reactionEmoji } from '@rewards/shared/peer-rules';
import { useTranslation } from '@/lib/use-translation';
import { useErrorToast } from '@/lib/error-text';
import { useToggleReaction } from '../api/react';
import type { Recognition } from '../api/types';

/**
 * The reactions of a recognition: every one of the fixed set, always in the same places (a count that
 * changes never moves the others), the reader's own pressed. A press adds or takes back theirs at once.
 */
export function ReactionsBar({ item }: { item: Recognition }) {
  const { t } = useTranslation('peer');
  const toggle = useToggleReaction();
  const showError = useErrorToast();
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label={t('reactions.label')} data-testid="reactions">
      {peerReactions.map((emoji) => {
        const r = item.reactions.find((x) => x.emoji === emoji);
        const count = r?.count ?? 0;
        return (
          <button
            key={emoji}
            type="button"
            aria-pressed={!!r?.mine}
            aria-label={t('reactions.button', { name: t(`reactions.names.${emoji}`), count })}
            title={t(`reactions.names.${emoji}`)}
            onClick={() => toggle.mutate({ item, emoji }, { onError: (error) => showError(error) })}
            className={`inline-flex h-8 min-w-11 items-center justify-center gap-1 rounded-full border px-2 text-sm tabular-nums ${r?.mine ? 'border-indigo-400 bg-indigo-50 font-semibold text-indigo-900' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300'}`}
            data-testid={`reaction-${emoji}`}
          >
            <span aria-hidden="true">{reactionEmoji[emoji]}</span>
            <span aria-hidden="true" className="min-w-[1ch]">
              {count > 0 ? count : ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}
