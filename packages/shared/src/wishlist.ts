import { z } from 'zod';
import { idSchema, paginationSchema, queryId } from './common.ts';

/** `GET /api/wishlists`: a page of the session user's wishlist; with `productId`, that product's item if it is there. */
export const wishlistQuerySchema = paginationSchema.extend({ productId: queryId.optional() }).strict();

/** `POST /api/wishlists`: add a product to the session user's wishlist. */
export const wishlistAddSchema = z.object({ productId: idSchema }).passthrough();

/** One product of the wishlist (`GET /api/wishlists`), newest first. */
export const wishlistItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  product: z.object({
    /** Spanish and English (docs/architecture.md A6.15). */
    name: z.string(),
    nameEn: z.string(),
    slug: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    picture: z.string().nullable(),
  }),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
