import { bounds } from '@rewards/shared/constants';
import type { ActivityKind } from '@rewards/shared/enums';
import { activityKey, MAX_LOAD_EMAILS, MAX_LOAD_POINTS, splitEmailText } from '@rewards/shared/load-rules';
import type { Load, LoadActivity } from '@rewards/shared/loads';
import type { ReviewOutcome } from '../api/review-load';

/** The bulk-load wizard (docs/architecture.md P4): e-mails -> recognition -> review -> confirmation. */
export type Step = 1 | 2 | 3 | 4;

export interface Entry {
  id: number;
  email: string;
  /** The review's verdict; none yet, or the e-mail changed since. */
  outcome?: ReviewOutcome;
}

export interface FileEmails {
  id: number;
  name: string;
  emails: string[];
  sheet: string | null;
  column: string | null;
}

export interface WizardState {
  step: Step;
  text: string;
  files: FileEmails[];
  /** The e-mails changed since `entries` were built from them. */
  sourceChanged: boolean;
  rewardId: number | null;
  /** Set when the chosen recognition is once per activity: then the load names the activity. */
  activityKind: ActivityKind | null;
  activityTitle: string;
  /** YYYY-MM-DD, as the date input gives it. */
  activityDate: string;
  points: string;
  /** The reason in Spanish and in English (docs/architecture.md P10): at least one is written. */
  reason: string;
  reasonEn: string;
  entries: Entry[];
  /** Every entry has the verdict of a review with the current recognition and points. */
  reviewed: boolean;
  accrualOpen: boolean;
  /** Points each correct one gets, as the last review said. */
  pointsEach: number;
  /** One Idempotency-Key per load: a retry of the confirm sends the same one. */
  key: string;
  result: Load | null;
}

export type Action =
  | { type: 'text'; text: string }
  | { type: 'addFile'; file: Omit<FileEmails, 'id'> }
  | { type: 'removeFile'; id: number }
  | { type: 'reward'; rewardId: number | null; points: string; activityKind: ActivityKind | null }
  | { type: 'activity'; title?: string; date?: string }
  | { type: 'points'; points: string }
  | { type: 'reason'; reason?: string; reasonEn?: string }
  | { type: 'go'; step: Step }
  | { type: 'reviewed'; of: Entry[]; outcomes: ReviewOutcome[]; pointsEach: number; accrualOpen: boolean }
  | { type: 'fix'; id: number; email: string }
  | { type: 'drop'; id: number }
  | { type: 'done'; load: Load }
  | { type: 'reset' };

let nextId = 1;
const newKey = () => globalThis.crypto.randomUUID();

export function initialState(): WizardState {
  return {
    step: 1,
    text: '',
    files: [],
    sourceChanged: false,
    rewardId: null,
    activityKind: null,
    activityTitle: '',
    activityDate: '',
    points: '',
    reason: '',
    reasonEn: '',
    entries: [],
    reviewed: false,
    accrualOpen: true,
    pointsEach: 0,
    key: newKey(),
    result: null,
  };
}

/** The e-mails of steps 1 in order: the pasted ones, then each file's. */
export function sourceEmails(state: Pick<WizardState, 'text' | 'files'>): string[] {
  return [...splitEmailText(state.text), ...state.files.flatMap((f) => f.emails)];
}

export function reducer(state: WizardState, action: Action): WizardState {
  switch (action.type) {
    case 'text':
      return { ...state, text: action.text, sourceChanged: true };
    case 'addFile':
      return { ...state, files: [...state.files, { ...action.file, id: nextId++ }], sourceChanged: true };
    case 'removeFile':
      return { ...state, files: state.files.filter((f) => f.id !== action.id), sourceChanged: true };
    case 'reward':
      return { ...state, rewardId: action.rewardId, points: action.points, activityKind: action.activityKind, reviewed: false };
    case 'activity':
      // Another activity is another review: who already received it changes.
      return {
        ...state,
        activityTitle: action.title ?? state.activityTitle,
        activityDate: action.date ?? state.activityDate,
        reviewed: false,
      };
    case 'points':
      return { ...state, points: action.points, reviewed: false };
    case 'reason':
      return { ...state, reason: action.reason ?? state.reason, reasonEn: action.reasonEn ?? state.reasonEn };
    case 'go': {
      // Leaving the first step builds the list (again only when its source changed: fixes made in the review stay).
      if (state.step === 1 && action.step > 1 && (state.sourceChanged || state.entries.length === 0))
        return {
          ...state,
          step: action.step,
          entries: sourceEmails(state).map((email) => ({ id: nextId++, email })),
          sourceChanged: false,
          reviewed: false,
        };
      return { ...state, step: action.step };
    }
    case 'reviewed':
      // The verdicts of a list that changed (or was reset) in the meantime are not this list's.
      if (action.of !== state.entries) return state;
      return {
        ...state,
        entries: state.entries.map((e, i) => ({ ...e, outcome: action.outcomes[i] })),
        reviewed: true,
        pointsEach: action.pointsEach,
        accrualOpen: action.accrualOpen,
      };
    case 'fix':
      return {
        ...state,
        entries: state.entries.map((e) => (e.id === action.id ? { id: e.id, email: action.email } : e)),
        reviewed: false,
      };
    case 'drop':
      // Dropping changes no other verdict but a duplicate's: review again to be sure.
      return { ...state, entries: state.entries.filter((e) => e.id !== action.id), reviewed: false };
    case 'done':
      return { ...state, result: action.load };
    case 'reset':
      return initialState();
  }
}

export interface StepErrors {
  emails?: 'required' | 'tooMany';
  reward?: 'required';
  points?: 'pointsInvalid';
  reason?: 'reasonInvalid';
  reasonEn?: 'reasonInvalid';
  activityTitle?: 'titleInvalid';
  activityDate?: 'dateRequired' | 'dateRange';
}

/** The days an activity may have taken place on: the current program year up to today (YYYY-MM-DD). */
export interface ActivityWindow {
  from: string;
  to: string;
}

/** The activity the load names, when its recognition is once per activity (as the API takes it). */
export function activityOfState(state: Pick<WizardState, 'activityKind' | 'activityTitle' | 'activityDate'>): LoadActivity | undefined {
  return state.activityKind ? { title: state.activityTitle.trim(), date: state.activityDate } : undefined;
}

/**
 * Validation of docs/architecture.md P5: a recognition is selected, at least one e-mail; a once-per-activity
 * recognition needs the activity's title and a date in `window` (when known; the server checks it too).
 */
export function validate(state: WizardState, step: Step, window?: ActivityWindow): StepErrors {
  const errors: StepErrors = {};
  if (step === 1) {
    const count = sourceEmails(state).length;
    if (count === 0) errors.emails = 'required';
    else if (count > MAX_LOAD_EMAILS) errors.emails = 'tooMany';
  }
  if (step === 2) {
    if (!state.rewardId) errors.reward = 'required';
    const points = Number(state.points);
    if (!/^\d+$/.test(state.points.trim()) || points < 1 || points > MAX_LOAD_POINTS) errors.points = 'pointsInvalid';
    // Each language written is 3 to 300 characters; at least one is written (the Spanish field says so when neither is).
    const reason = state.reason.trim();
    const reasonEn = state.reasonEn.trim();
    const badLength = (text: string) => text.length < 3 || text.length > 300;
    if (reason ? badLength(reason) : !reasonEn) errors.reason = 'reasonInvalid';
    if (reasonEn && badLength(reasonEn)) errors.reasonEn = 'reasonInvalid';
    if (state.activityKind) {
      const title = state.activityTitle.trim();
      if (title.length < bounds.name.min || title.length > bounds.name.max || activityKey(title).length < bounds.name.min)
        errors.activityTitle = 'titleInvalid';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(state.activityDate)) errors.activityDate = 'dateRequired';
      else if (window && (state.activityDate < window.from || state.activityDate > window.to)) errors.activityDate = 'dateRange';
    }
  }
  return errors;
}

export function counts(entries: readonly Entry[]) {
  let correct = 0;
  let incorrect = 0;
  for (const e of entries) {
    if (e.outcome?.status === 'correct') correct++;
    else if (e.outcome?.status === 'incorrect') incorrect++;
  }
  return { correct, incorrect, pending: entries.length - correct - incorrect };
}
