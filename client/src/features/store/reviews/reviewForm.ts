import {
  MAX_REVIEW_PICTURES,
  REVIEW_PICTURE_MAX_BYTES,
  REVIEW_PICTURE_TYPES,
  type ReviewBody,
  reviewBody,
} from '@bourse/shared';
import { errorText } from '../../../i18n/index.ts';
import { type FieldErrors, fieldErrors } from '../../../lib/forms.ts';

export type ReviewField = 'content' | 'productScore' | 'serviceScore' | 'postageScore' | 'pictures';
export interface ReviewForm {
  orderId: string;
  lineId: number;
  content: string;
  productScore: number;
  serviceScore: number;
  postageScore: number;
  pictures: File[];
}

export type ReviewValidation =
  | { ok: true; body: ReviewBody; pictures: File[] }
  | { ok: false; errors: FieldErrors<ReviewField> };

/** Pictures are optional; their count, declared type and size checked here, their bytes by the server. */
function picturesError(files: readonly File[]): string | undefined {
  if (files.length > MAX_REVIEW_PICTURES) return errorText('review.tooManyPictures');
  if (files.some((f) => !(REVIEW_PICTURE_TYPES as readonly string[]).includes(f.type)))
    return errorText('review.pictureBadType');
  if (files.some((f) => f.size > REVIEW_PICTURE_MAX_BYTES)) return errorText('review.pictureTooLarge');
  return undefined;
}

/** By the server's own schema ("Review content cannot be empty", scores 1–5) and the pictures. */
export function validateReview(form: ReviewForm): ReviewValidation {
  const { pictures, ...fields } = form;
  const result = reviewBody.safeParse(fields);
  const errors: FieldErrors<ReviewField> = fieldErrors(result);
  const picturesProblem = picturesError(pictures);
  if (picturesProblem) errors.pictures = picturesProblem;
  if (result.success && !picturesProblem) return { ok: true, body: result.data, pictures };
  return { ok: false, errors };
}
