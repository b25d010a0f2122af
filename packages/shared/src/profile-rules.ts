// No zod here: the profile page reads these (docs/decisions/0028-light-first-paint.md).

/** The bounds of the preferences form's free texts (docs/architecture.md P5). */
export const profileBounds = {
  city: { min: 2, max: 80 },
  state: { min: 2, max: 80 },
  address: { min: 5, max: 200 },
  postalCode: { min: 3, max: 10 },
} as const;

/** Digits and letters, an inner space or hyphen allowed (01000, 44100, SW1A 1AA, 1000-001). */
export const POSTAL_CODE_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z -]*[0-9A-Za-z])?$/;
export const INVALID_POSTAL_CODE = 'Invalid postal code';
export const CHOOSE_AN_OPTION = 'Choose an option';
