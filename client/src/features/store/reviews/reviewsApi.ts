import { type ReviewBody, reviewRoutes } from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

export const REVIEW_PAGE_SIZE = 10;

/** The fields as multipart with the pictures beside them. */
export function writeReview(body: ReviewBody, pictures: readonly File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.append(name, String(value));
  for (const picture of pictures) form.append('pictures', picture);
  const { method, path, response } = reviewRoutes.write;
  // Multipart, not the JSON body callApi types: the contract's body describes its fields.
  return request(method, path, response, { body: form, silent: true });
}

export const fetchProductReviews = (
  id: number,
  cursor: string | undefined,
  limit = REVIEW_PAGE_SIZE,
  signal?: AbortSignal,
) => callApi(reviewRoutes.product, { params: { id, cursor, limit }, signal, silent: true });

export const fetchMyReviews = (cursor: string | undefined, signal?: AbortSignal) =>
  callApi(reviewRoutes.mine, { params: { cursor, limit: REVIEW_PAGE_SIZE }, signal, silent: true });
