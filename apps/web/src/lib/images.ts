/** Picture variants and their srcset: one definition for the web and the server's preload (packages/shared). */
export { srcSet, variantUrl } from '@rewards/shared/pictures';
