import { describe, expect, it } from 'vitest';
import { type ReviewForm, validateReview } from './reviewForm.ts';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
const form: ReviewForm = {
  orderId: '0b5c8a52-8f5e-4d3e-9d61-3f2f7f0a8c11',
  lineId: 7,
  content: '  Flies well.  ',
  productScore: 5,
  serviceScore: 4,
  postageScore: 3,
  pictures: [png],
};

describe('validateReview', () => {
  it('needs the content, in the spec’s words', () => {
    const result = validateReview({ ...form, content: '   ' });
    expect(result).toEqual({ ok: false, errors: { content: 'Review content cannot be empty' } });
  });

  it('refuses a score outside 1 to 5 and more than six pictures', () => {
    const result = validateReview({
      ...form,
      serviceScore: 0,
      pictures: Array.from({ length: 7 }, () => png),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        serviceScore: 'Please give each score from 1 to 5 stars.',
        pictures: 'A review can have at most 6 pictures.',
      },
    });
  });

  it('refuses a picture that is not an image', () => {
    const text = new File(['hello'], 'photo.txt', { type: 'text/plain' });
    const result = validateReview({ ...form, pictures: [png, text] });
    expect(result.ok ? undefined : result.errors.pictures).toBe('Pictures must be PNG, JPEG or WebP images.');
  });

  it('passes a review with its content trimmed and its pictures', () => {
    expect(validateReview(form)).toEqual({
      ok: true,
      body: {
        orderId: form.orderId,
        lineId: 7,
        content: 'Flies well.',
        productScore: 5,
        serviceScore: 4,
        postageScore: 3,
      },
      pictures: [png],
    });
  });
});
