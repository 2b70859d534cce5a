import { describe, expect, it } from 'vitest';
import { validateChangePassword } from './changePasswordForm.ts';

const labels = { oldPassword: 'current password', confirmPassword: 'the confirmation' };

describe('validateChangePassword', () => {
  it('passes old and new on when all rules hold', () => {
    expect(
      validateChangePassword(
        { oldPassword: 'demo123', newPassword: 'better1', confirmPassword: 'better1' },
        labels,
      ),
    ).toEqual({ ok: true, body: { oldPassword: 'demo123', newPassword: 'better1' } });
  });

  it('requires the old password, naming the field as the errors catalogue does', () => {
    const result = validateChangePassword(
      { oldPassword: '', newPassword: 'better1', confirmPassword: 'better1' },
      labels,
    );
    expect(result).toEqual({ ok: false, errors: { oldPassword: 'Please fill in your old password.' } });
  });

  it('wants a new password of at least 6 that differs from the old', () => {
    const short = validateChangePassword(
      { oldPassword: 'demo123', newPassword: 'abc', confirmPassword: 'abc' },
      labels,
    );
    expect(short.ok || short.errors.newPassword).toBe('The password must be at least 6 characters.');
    const same = validateChangePassword(
      { oldPassword: 'demo123', newPassword: 'demo123', confirmPassword: 'demo123' },
      labels,
    );
    expect(same.ok || same.errors.newPassword).toBe('The new password must be different from the old one.');
  });

  it('wants the confirmation to match', () => {
    const result = validateChangePassword(
      { oldPassword: 'demo123', newPassword: 'better1', confirmPassword: 'better2' },
      labels,
    );
    expect(result.ok || result.errors).toEqual({ confirmPassword: 'Passwords do not match.' });
  });
});
