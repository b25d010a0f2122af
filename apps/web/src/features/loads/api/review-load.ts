import { LOAD_REVIEW_CHUNK, screenEmails, type LoadRejectionReason } from '@rewards/shared/load-rules';
import type { CreditedActivity, LoadActivity, LoadReview } from '@rewards/shared/loads';
import { api } from '@/lib/api';

export interface ReviewRequest {
  storeId: number;
  rewardId: number;
  points?: number;
  /** Required by a once-per-activity recognition. */
  activity?: LoadActivity;
  emails: readonly string[];
}

export type ReviewOutcome =
  | { status: 'correct'; userId: number; name: string }
  /** `activity`: the activity a once-per-activity refusal (FREQUENCY_LIMIT) is about. */
  | { status: 'incorrect'; reason: LoadRejectionReason; activity?: CreditedActivity };

export interface ReviewResult {
  /** One outcome per e-mail of the request, by position. */
  outcomes: ReviewOutcome[];
  points: number;
  accrualOpen: boolean;
}

/**
 * Reviews a list of any size in requests of LOAD_REVIEW_CHUNK e-mails, reporting progress after each.
 * Format and duplicates are decided here for the whole list with the server's own rule (screenEmails),
 * so that a duplicate in another request is still a duplicate; the server checks the rest
 * (`POST /api/loads/review`).
 */
export async function reviewInChunks(
  request: ReviewRequest,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ReviewResult> {
  const screened = screenEmails(request.emails);
  const outcomes: ReviewOutcome[] = screened.map((e) =>
    e.reason ? { status: 'incorrect', reason: e.reason } : undefined,
  ) as ReviewOutcome[];
  const valid = screened.filter((e) => !e.reason);
  let points = request.points ?? 0;
  let accrualOpen = true;
  let done = request.emails.length - valid.length;
  onProgress(done, request.emails.length);
  for (let start = 0; start < valid.length || start === 0; start += LOAD_REVIEW_CHUNK) {
    const chunk = valid.slice(start, start + LOAD_REVIEW_CHUNK);
    const { data } = await api<{ data: LoadReview }>('/loads/review', {
      method: 'POST',
      signal,
      body: {
        storeId: request.storeId,
        rewardId: request.rewardId,
        points: request.points,
        activity: request.activity,
        // An empty list still asks the server, for the points and the accrual window.
        emails: chunk.length ? chunk.map((e) => e.normalized) : ['-'],
      },
    });
    points = data.points;
    accrualOpen = data.accrualOpen;
    for (const c of data.correct) outcomes[chunk[c.index]!.index] = { status: 'correct', userId: c.userId, name: c.name };
    for (const i of data.incorrect)
      if (chunk[i.index]) outcomes[chunk[i.index]!.index] = { status: 'incorrect', reason: i.reason, activity: i.activity };
    done += chunk.length;
    onProgress(done, request.emails.length);
    if (chunk.length === 0) break;
  }
  return { outcomes, points, accrualOpen };
}
