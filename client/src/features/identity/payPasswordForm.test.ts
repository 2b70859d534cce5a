import { describe, expect, it } from 'vitest';
import { validatePayPassword } from './payPasswordForm.ts';

const form = (oldPayPassword: string, newPayPassword: string, confirmPayPassword = newPayPassword) => ({
  oldPayPassword,
  newPayPassword,
  confirmPayPassword,
});

describe('validatePayPassword', () => {
  it('sends an empty old password when none is set, whatever the box holds', () => {
    expect(validatePayPassword(form('999999', '135790'), false)).toEqual({
      ok: true,
      body: { oldPayPassword: '', newPayPassword: '135790', confirmPayPassword: '135790' },
    });
  });

  it.each([
    ['no new password', false, form('', ''), { newPayPassword: 'Please enter your payment password.' }],
    ['five digits', false, form('', '13579'), { newPayPassword: 'The payment password must be 6 digits.' }],
    ['a mismatch', false, form('', '135790', '135791'), { confirmPayPassword: 'Passwords do not match.' }],
    [
      'no old one',
      true,
      form('', '135790'),
      { oldPayPassword: 'Please fill in your current payment password.' },
    ],
    [
      'the same again',
      true,
      form('135790', '135790'),
      { newPayPassword: 'The new password must be different from the old one.' },
    ],
  ] as const)('refuses %s', (_, isSet, entered, errors) => {
    expect(validatePayPassword(entered, isSet)).toEqual({ ok: false, errors });
  });
});
