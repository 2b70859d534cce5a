import { lockoutMinutes } from '@bourse/core/accounts/loginAttempts.ts';
import { createAccount } from '@bourse/core/accounts/registration.ts';
import { DomainError, registerCredentials, type userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { readCredentials } from './readCredentials.ts';

export const registerHandler: Handler<typeof userRoutes.register> = async ({ body, app, locale, ip }) => {
  const credentials = await readCredentials(app, body.query, registerCredentials);
  const result = await app.registrationLimit.spend([ip], () => createAccount(app, credentials, locale));
  if (result.outcome === 'refused') {
    throw new DomainError('auth.tooManyRegistrations', { minutes: lockoutMinutes(result.retryInMs) });
  }
  return result.value;
};
