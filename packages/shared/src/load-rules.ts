// No zod here: the admin's load wizard reads these (docs/decisions/0028-light-first-paint.md).

/**
 * The rules of bulk loads of points that need no database (format, duplicates, activity keys): the server
 * and the web split and screen a list the same way (docs/decisions/0005-bulk-loads.md).
 */

/** The most e-mails one load (or one review request) may carry. */
export const MAX_LOAD_EMAILS = 100_000;
/** The largest CSV or XLSX file accepted for a load's e-mails. */
export const MAX_LOAD_FILE_BYTES = 10 * 1024 * 1024;
/** The most points one receiver may get from one load. */
export const MAX_LOAD_POINTS = 1_000_000;
/** The longest e-mail address (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** The longest item the API reads as an e-mail; anything longer is refused as a whole request. */
export const MAX_EMAIL_INPUT = 1_000;
/** E-mails per review request of the web's wizard (one progress step each). */
export const LOAD_REVIEW_CHUNK = 5_000;

/** Why an e-mail of a load is not credited, in the order the review checks them. */
export const loadRejectionReasons = [
  'INVALID_FORMAT',
  'DUPLICATE_IN_LIST',
  'UNKNOWN_USER',
  'USER_INACTIVE',
  'OTHER_STORE',
  'FREQUENCY_LIMIT',
] as const;
export type LoadRejectionReason = (typeof loadRejectionReasons)[number];

// The HTML standard's "valid e-mail address", with a dot required in the domain (work e-mail).
const EMAIL_PATTERN = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** E-mails compare trimmed and case-insensitively. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function isValidEmail(normalized: string): boolean {
  return normalized.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(normalized);
}

/** Pasted text as e-mails: separated by commas, semicolons, spaces or new lines. */
export function splitEmailText(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

export interface ScreenedEmail {
  /** Position in the list. */
  index: number;
  /** Trimmed as given. */
  email: string;
  /** Trimmed, lower-case: what is compared. */
  normalized: string;
  /** Set when the e-mail is refused without asking the database. */
  reason?: Extract<LoadRejectionReason, 'INVALID_FORMAT' | 'DUPLICATE_IN_LIST'>;
}

/**
 * The checks that need no database: a malformed address is INVALID_FORMAT (every time it appears); of a
 * well-formed address repeated in the list, the first is checked further and the others are
 * DUPLICATE_IN_LIST, so it is credited once.
 */
export function screenEmails(emails: readonly string[]): ScreenedEmail[] {
  const seen = new Set<string>();
  return emails.map((raw, index) => {
    const email = raw.trim();
    const normalized = email.toLowerCase();
    if (!isValidEmail(normalized)) return { index, email, normalized, reason: 'INVALID_FORMAT' };
    if (seen.has(normalized)) return { index, email, normalized, reason: 'DUPLICATE_IN_LIST' };
    seen.add(normalized);
    return { index, email, normalized };
  });
}

/**
 * The activity a once-per-activity recognition is given for is its title and its date; titles compare
 * without case, accents or repeated spaces ("Seguridad  Digital" is "seguridad digital"), so the same
 * webinar typed twice is one activity. The database keeps this key (load_entries.activity_key) with a
 * unique index per recognition, person, date and key.
 */
export function activityKey(title: string): string {
  return title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
