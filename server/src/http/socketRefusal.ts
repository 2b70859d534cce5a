import { logger } from '@bourse/core/platform/logger.ts';
import { DomainError, type Locale, matchLocale, translateError } from '@bourse/shared';
import type { Socket } from 'socket.io';
import { localeOf } from './locale.ts';

/** The handshake's `auth.lang`, else its Accept-Language, else zh-CN. */
export function socketLocale(socket: Socket): Locale {
  const lang: unknown = socket.handshake.auth?.lang;
  return (
    (typeof lang === 'string' ? matchLocale([lang]) : undefined) ??
    localeOf(socket.handshake.headers['accept-language'])
  );
}

/**
 * A refused handshake, for a namespace middleware's `next(err)`: the client's connect_error
 * carries the errors-catalogue key, its parameters and the message translated.
 */
export function refusal(err: unknown, locale: Locale): Error {
  const domain = err instanceof DomainError ? err : new DomainError('common.internal');
  if (!(err instanceof DomainError)) logger.error({ err }, 'socket: handshake failed');
  const message = translateError(locale, domain.key, domain.params);
  return Object.assign(new Error(message), { data: { key: domain.key, params: domain.params, message } });
}
