// No zod here: the admin's users page and the profile page read these (docs/decisions/0028-light-first-paint.md).

/** How long a personal API token lives unless told otherwise, and the longest it may (days). */
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;

/** The longest IS (employee id of docs/architecture.md P3). */
export const EMPLOYEE_ID_MAX = 40;
