// No zod here: the admin's inventory page reads these (docs/decisions/0028-light-first-paint.md).

/** The most pictures of a product, and the largest picture uploaded. */
export const MAX_PRODUCT_PICTURES = 6;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
