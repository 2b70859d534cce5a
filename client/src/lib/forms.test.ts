import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, hasErrors } from './forms.ts';

const schema = z.object({
  nickname: z.string().min(1, { message: 'validation.required' }),
  email: z.string().email({ message: 'validation.email' }),
});

describe('fieldErrors', () => {
  it('translates the first issue of each field from the errors catalogue', () => {
    const errors = fieldErrors(schema.safeParse({ nickname: '', email: 'x' }), { nickname: 'the nickname' });
    expect(errors).toEqual({ nickname: 'Please fill in the nickname.', email: 'Please fill correct email.' });
    expect(hasErrors(errors)).toBe(true);
  });

  it('prefers the catalogue name of a field it knows', () => {
    const named = z.object({ mobile: z.string().min(1, { message: 'validation.required' }) });
    expect(fieldErrors(named.safeParse({ mobile: '' }), { mobile: 'ignored' })).toEqual({
      mobile: 'Please fill in mobile number.',
    });
  });

  it('is empty for a successful parse', () => {
    const errors = fieldErrors(schema.safeParse({ nickname: 'a', email: 'a@b.cn' }));
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });
});
