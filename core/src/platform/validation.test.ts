import { changePasswordBody, DomainError, registerCredentials } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from './validation.ts';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(z.object({ a: z.string().trim() }), { a: ' x ' })).toEqual({ a: 'x' });
  });

  it('turns the first issue message into the domain error, with the field name', () => {
    const err = errorOf(() => parseInput(changePasswordBody, { newPassword: 'abcdefg' }));
    expect(err.key).toBe('validation.required');
    expect(err.params).toEqual({ field: 'oldPassword' });
    expect(err.status).toBe(400);
  });

  it('uses the shared schema message for a bad field', () => {
    const err = errorOf(() =>
      parseInput(registerCredentials, {
        account: 'alice',
        password: 'secret1',
        username: 'Li',
        givenName: 'Lei',
        email: 'not-an-email',
        mobile: '13800138000',
      }),
    );
    expect(err.key).toBe('validation.email');
  });

  it('falls back to common.validation when the message is not a catalogue key', () => {
    expect(errorOf(() => parseInput(z.object({ a: z.number() }), {})).key).toBe('common.validation');
  });
});
