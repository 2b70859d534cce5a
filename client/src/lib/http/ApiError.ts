import { i18n } from '../../i18n/index.ts';
import { logger } from '../logger.ts';

/**
 * Why a request failed. `message` is always translated and fit to show; the kind says what
 * the caller may do about it (only `business` and `unauthorized` come from the server's answer).
 */
export type ApiErrorKind =
  /** The same POST/PUT was sent less than 1000 ms ago. */
  | 'duplicate'
  /** No answer: the server is unreachable (fetch's "Network Error"). */
  | 'network'
  /** No answer within the timeout. */
  | 'timeout'
  /** The caller aborted; nothing is shown. */
  | 'aborted'
  /** HTTP error status without a JSON envelope. */
  | 'http'
  /** An envelope with a failure code; `message` is the server's translated msg. */
  | 'business'
  /** HTTP 401 / code 401. */
  | 'unauthorized'
  /** A success envelope whose data breaks the route's contract; nothing of it is used. */
  | 'contract';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: number,
    /** The server's errors-catalogue key (`payPassword.notSet`…), for a caller that reacts to one failure. */
    readonly key?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * A message fit to show for anything a request (or the code around it) rejected with; an
 * unexpected error is logged and shown as a generic translated message.
 */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  logger.error('unexpected failure', error);
  return i18n.t('error.unexpected');
}
