import { DEFAULT_LOCALE, LOCALES, type Locale, RESET_CODE_TTL_MINUTES } from '@bourse/shared';
import type { Mail } from '../../mail/mailer.ts';

const TEXTS: Record<Locale, { subject: string; body: (code: string, minutes: number) => string }> = {
  en: {
    subject: 'Your Bourse password reset code',
    body: (code, minutes) =>
      `Your code to reset your Bourse password is ${code}. It works once and expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this mail: your password stays as it is.`,
  },
  'zh-CN': {
    subject: 'Bourse 重置密码验证码',
    body: (code, minutes) =>
      `您重置 Bourse 密码的验证码是 ${code}，仅可使用一次，${minutes} 分钟内有效。\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。`,
  },
  ja: {
    subject: 'Bourse パスワード再設定コード',
    body: (code, minutes) =>
      `Bourse のパスワード再設定コードは ${code} です。1回のみ有効で、${minutes}分で期限切れになります。\n\nお心当たりがない場合はこのメールを無視してください。パスワードは変更されません。`,
  },
  ko: {
    subject: 'Bourse 비밀번호 재설정 코드',
    body: (code, minutes) =>
      `Bourse 비밀번호 재설정 코드는 ${code}입니다. 한 번만 사용할 수 있으며 ${minutes}분 후 만료됩니다.\n\n요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.`,
  },
  th: {
    subject: 'รหัสรีเซ็ตรหัสผ่าน Bourse',
    body: (code, minutes) =>
      `รหัสสำหรับรีเซ็ตรหัสผ่าน Bourse ของคุณคือ ${code} ใช้ได้ครั้งเดียวและหมดอายุใน ${minutes} นาที\n\nหากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้ รหัสผ่านของคุณจะไม่เปลี่ยนแปลง`,
  },
  fr: {
    subject: 'Votre code de réinitialisation Bourse',
    body: (code, minutes) =>
      `Votre code pour réinitialiser votre mot de passe Bourse est ${code}. Il ne sert qu’une fois et expire dans ${minutes} minutes.\n\nSi vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.`,
  },
  it: {
    subject: 'Il tuo codice per reimpostare la password di Bourse',
    body: (code, minutes) =>
      `Il tuo codice per reimpostare la password di Bourse è ${code}. Vale una sola volta e scade tra ${minutes} minuti.\n\nSe non l’hai richiesto, ignora questa e-mail: la tua password resta invariata.`,
  },
};

/** The reset code's mail in the account's language (its stored `lang`; an unknown one reads as the default). */
export function resetMail(lang: string, to: string, code: string): Mail {
  const locale = (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : DEFAULT_LOCALE;
  const text = TEXTS[locale];
  return { to, subject: text.subject, text: text.body(code, RESET_CODE_TTL_MINUTES) };
}
