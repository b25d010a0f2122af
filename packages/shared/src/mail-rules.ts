// No zod here: the admin's mail page reads these (docs/decisions/0028-light-first-paint.md).

/**
 * The e-mail outbox (docs/architecture.md A1 and A6, docs/decisions/0007-profile-and-mail.md): rows are
 * written inside business transactions (a notification's copy by a database trigger), and a worker in the
 * server delivers them through SMTP, with retries and backoff, until `sent` or `failed`.
 */
export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * What a row carries: `message` (subject and text written by its writer), `notification` (the e-mail copy
 * of a notification, rendered at send time in the user's language), `orderApproved` (the follow-up notice
 * of an approved order, rendered at send time).
 */
export const mailKinds = ['message', 'notification', 'orderApproved'] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * How a row goes out (docs/decisions/0030-teams-channel.md): `email` through SMTP, `teams` as a Microsoft
 * Teams activity feed notification through Microsoft Graph. A `teams` row becomes `email` when Teams is
 * not configured (the e-mail worker takes it) or when Graph refuses its recipient for good.
 */
export const mailChannels = ['email', 'teams'] as const;
export type MailChannel = (typeof mailChannels)[number];

/** Attempts before a message is marked failed, and its backoff: 30 s, 1 min, 2 min, ... at most 1 h. */
export const MAIL_MAX_ATTEMPTS = 6;
export const MAIL_BACKOFF_BASE_MS = 30_000;
export const MAIL_BACKOFF_MAX_MS = 3_600_000;

/** Milliseconds to wait after the `attempts`-th failed attempt. */
export function mailBackoffMs(attempts: number, baseMs = MAIL_BACKOFF_BASE_MS, maxMs = MAIL_BACKOFF_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}
