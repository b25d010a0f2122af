// No zod here: the admin's recognitions page reads these (docs/decisions/0028-light-first-paint.md).

/** The most points one recognition may give, and the most times per period it may be given to one person. */
export const MAX_REWARD_POINTS = 1_000_000;
export const MAX_REWARD_FREQUENCY = 1_000;
export const REWARD_CODE_MAX = 60;
/** A recognition's code: lower-case letters and digits in dash-separated words ("customer-voice"). */
export const REWARD_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
