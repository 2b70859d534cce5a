import { type PasswordResetDeps, resetLimits } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import { mailerOf } from '@bourse/core/mail/mailer.ts';
import type { AppContext } from '../../platform/appContext.ts';

const deps = new WeakMap<AppContext, PasswordResetDeps>();

/** What resetting a password needs, made once per app: SMTP or the outbox, and the code budgets. */
export function passwordResetDeps(app: AppContext): PasswordResetDeps {
  let found = deps.get(app);
  if (!found) {
    found = {
      db: app.db,
      mailer: mailerOf(app.config, app.db),
      ...resetLimits(app.redis, app.redisPrefix),
      userSockets: app.userSockets,
    };
    deps.set(app, found);
  }
  return found;
}
