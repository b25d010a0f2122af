// No zod here: the challenge pages read these (docs/decisions/0028-light-first-paint.md).

/** A challenge's limits: winners, points, questions and options, and the lengths of their texts. */
export const MAX_CHALLENGE_WINNERS = 1_000;
/** Points each winner gets; winners x points stays within a billion (MAX_AMOUNT), far inside int32. */
export const MAX_CHALLENGE_POINTS = 1_000_000;
export const MAX_CHALLENGE_QUESTIONS = 30;
export const MAX_CHALLENGE_OPTIONS = 8;
export const CHALLENGE_QUESTION_MAX = 500;
export const CHALLENGE_OPTION_MAX = 200;
export const CHALLENGE_ANSWER_MAX = 2_000;

/** The form's own messages (beside 'Required field', 'Too short!', 'Too long!'); the web words them by these. */
export const challengeMessages = {
  endBeforeStart: 'The end must be after the start',
  needsQuestion: 'Add at least one question',
  needsOptions: 'Add at least two options',
  oneCorrect: 'Mark exactly one option as correct',
  answerRequired: 'Answer this question',
} as const;
