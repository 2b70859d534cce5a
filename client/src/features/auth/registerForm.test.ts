import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
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
      ['account', 'agree', 'confirmPassword', 'email', 'givenName', 'mobile', 'password', 'username'].sort(),
    );
    expect(result.errors.agree).toBe('Please read and accept the user agreement.');
    // An empty name is missing, not too long; an empty confirmation says so too.
    expect(result.errors.username).toBe('Please fill in family name.');
    expect(result.errors.givenName).toBe('Please fill in given name.');
    expect(result.errors.confirmPassword).toBe('Please fill in the password again.');
    expect(result.errors.email).toBe('Please fill in email.');
    expect(result.errors.account).toBe('Please input account and password.');
  });

  it("names a missing name as required in the user's language", async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      const result = validateRegister({ ...valid, username: '  ', confirmPassword: '' }, 'zh-CN');
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors.username).toBe('请填写姓。');
      expect(result.errors.confirmPassword).toBe('请填写确认密码。');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows every error at once: a short password and a mismatched confirmation together', () => {
    const result = validateRegister({ ...valid, password: 'abc', confirmPassword: 'abd' }, 'en');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.password).toBeDefined();
    expect(result.errors.confirmPassword).toBe('Passwords do not match.');
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
