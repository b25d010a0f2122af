import { z } from 'zod';
import { idSchema } from './common.ts';

/** `POST /api/wishlists`: add a product to the session user's wishlist. */
export const wishlistAddSchema = z.object({ productId: idSchema }).passthrough();

/** One product of the wishlist (`GET /api/wishlists`), newest first. */
export const wishlistItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  product: z.object({
    name: z.string(),
    slug: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    picture: z.string().nullable(),
  }),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
