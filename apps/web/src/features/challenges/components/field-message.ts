import { challengeMessages } from '@rewards/shared/challenge-rules';
import { useTranslation } from '@/lib/use-translation';
import { useFieldMessage } from '@/lib/validation';

const keys: Record<string, string> = {
  [challengeMessages.endBeforeStart]: 'validation.endBeforeStart',
  [challengeMessages.needsQuestion]: 'validation.needsQuestion',
  [challengeMessages.needsOptions]: 'validation.needsOptions',
  [challengeMessages.oneCorrect]: 'validation.oneCorrect',
  [challengeMessages.answerRequired]: 'validation.answerRequired',
};

/** The shared schemas' messages in the reader's language: the challenge rules here, the common ones by `useFieldMessage`. */
export function useChallengeMessage() {
  const { t } = useTranslation('challenges');
  const common = useFieldMessage();
  return (message: string | undefined, fallbackKey?: string): string | undefined => {
    if (!message) return undefined;
    const key = keys[message];
    if (key) return t(key);
    const text = common(message);
    // Anything the common table does not know (an ISO date-time refused) reads as the field's own hint.
    return text === message && fallbackKey ? t(fallbackKey) : text;
  };
}
