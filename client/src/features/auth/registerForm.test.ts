import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_FORM, type RegisterForm, registerDraft, validateRegister } from './registerForm.ts';

const valid: RegisterForm = {
  account: 'wang_01',
  password: 'secret1',
  confirmPassword: 'secret1',
  username: '王',
  givenName: '小明',
  email: 'wang@example.com',
  mobile: '13800138000',
  agree: true,
};

describe('validateRegister', () => {
  it('accepts a complete form and passes the language on', () => {
    const result = validateRegister(valid, 'ja');
    expect(result).toEqual({
      ok: true,
      credentials: {
        account: 'wang_01',
        password: 'secret1',
        username: '王',
        givenName: '小明',
        email: 'wang@example.com',
        mobile: '13800138000',
        lang: 'ja',
      },
    });
  });

  it("uses the spec's messages for email, mobile and a mismatched confirmation", () => {
    const result = validateRegister(
      { ...valid, email: 'nope', mobile: '12345', confirmPassword: 'other1' },
      'en',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe('Please fill correct email.');
    expect(result.errors.mobile).toBe('Please enter a correct mobile phone number.');
    expect(result.errors.confirmPassword).toBe('Passwords do not match.');
    expect(result.errors.account).toBeUndefined();
  });

  it('flags every empty field and the unticked agreement', () => {
    const result = validateRegister(EMPTY_REGISTER_FORM, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['account', 'agree', 'email', 'givenName', 'mobile', 'password', 'username'].sort(),
    );
    expect(result.errors.agree).toBe('Please read and accept the user agreement.');
  });

  it('accepts an international number with + and rejects a short password', () => {
    const result = validateRegister(
      { ...valid, mobile: '+33612345678', password: 'abc', confirmPassword: 'abc' },
      'fr',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.mobile).toBeUndefined();
    expect(result.errors.password).toBe('The password must be at least 6 characters.');
  });
});

describe('registerDraft', () => {
  it('never keeps the passwords', () => {
    expect(registerDraft(valid)).not.toHaveProperty('password');
    expect(registerDraft(valid)).not.toHaveProperty('confirmPassword');
    expect(registerDraft(valid)).toMatchObject({ account: 'wang_01', agree: true });
  });
});
