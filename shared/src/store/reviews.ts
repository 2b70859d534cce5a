import { z } from 'zod';
import { defineRoute } from '../api/route.ts';

/** Reviews of what a shopper received: one per order line, with three scores and pictures (issue 13 §5). */

export const REVIEW_SCORES = [1, 2, 3, 4, 5] as const;
/** A review at or above this product score counts as favourable in the shop's rate. */
export const FAVOURABLE_SCORE = 4;
export const MAX_REVIEW_LENGTH = 500;
export const MAX_REVIEW_PICTURES = 6;
export const REVIEW_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const REVIEW_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The shop's one reply to a review, at most this many characters. */
export const MAX_REPLY_LENGTH = 500;

const score = z.coerce
  .number({ message: 'review.badScore' })
  .int({ message: 'review.badScore' })
  .min(1, { message: 'review.badScore' })
  .max(5, { message: 'review.badScore' });

/** The text fields of the multipart form; the pictures come beside them (field "pictures"). */
export const reviewBody = z.object({
  orderId: z.string({ message: 'storeOrder.notFound' }).uuid({ message: 'storeOrder.notFound' }),
  lineId: z.coerce
    .number({ message: 'storeOrder.notFound' })
    .int({ message: 'storeOrder.notFound' })
    .min(1, { message: 'storeOrder.notFound' })
    .max(2_147_483_647, { message: 'storeOrder.notFound' }),
  content: z
    .string({ message: 'review.contentRequired' })
    .trim()
    .min(1, { message: 'review.contentRequired' })
    .max(MAX_REVIEW_LENGTH, { message: 'review.contentTooLong' }),
  productScore: score,
  serviceScore: score,
  postageScore: score,
});
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewSchema = z.object({
  id: z.uuid(),
  productId: z.number().int(),
  productName: z.string(),
  specLabel: z.string(),
  imageUrl: z.string(),
  /** The reviewer's account, masked ("a***9"). */
  reviewer: z.string(),
  content: z.string(),
  productScore: z.number().int(),
  serviceScore: z.number().int(),
  postageScore: z.number().int(),
  /** URLs of the pictures, in the order they were sent. */
  pictures: z.array(z.string()),
  createdAt: z.string(),
  /** The shop's reply, once it has given its one. */
  reply: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
});
export type ReviewView = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** Average product score with one decimal ("4.3"); null before the first review. */
  average: z.string().nullable(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars, in that order. */
  distribution: z.array(z.number().int()).length(5),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

const reviewPageQuery = {
  cursor: z.string().max(20, { message: 'store.badCursor' }).optional(),
  limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(50).default(10),
};

export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const productReviewsSchema = reviewPageSchema.extend({ summary: reviewSummarySchema });
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const reviewRoutes = {
  write: defineRoute({
    method: 'post',
    path: '/store/reviews',
    summary:
      'Review one received item of an order: multipart with content, three scores from 1 to 5 and up to 6 pictures (field "pictures", PNG, JPEG or WebP, at most 5 MB each, stored without their metadata)',
    auth: 'user',
    body: reviewBody,
    upload: {
      field: 'pictures',
      maxBytes: REVIEW_PICTURE_MAX_BYTES,
      mimeTypes: REVIEW_PICTURE_TYPES,
      maxFiles: MAX_REVIEW_PICTURES,
    },
    response: reviewSchema,
  }),
  product: defineRoute({
    method: 'get',
    path: '/store/product/reviews',
    summary: "A product's review summary and its reviews, newest first, a cursor page at a time",
    auth: 'public',
    query: z.object({
      id: z.coerce
        .number({ message: 'store.unknownProduct' })
        .int({ message: 'store.unknownProduct' })
        .min(1, { message: 'store.unknownProduct' })
        .max(2_147_483_647, { message: 'store.unknownProduct' }),
      ...reviewPageQuery,
    }),
    response: productReviewsSchema,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/store/reviews',
    summary: "The shopper's own reviews, newest first, a cursor page at a time",
    auth: 'user',
    query: z.object(reviewPageQuery),
    response: reviewPageSchema,
  }),
} as const;
