import {
  DomainError,
  type ErrorKey,
  type ErrorParams,
  type FailureEnvelope,
  failureCode,
  type Locale,
  translateError,
} from '@bourse/shared';

export interface Failure {
  status: number;
  key: ErrorKey;
  params: ErrorParams;
}

/** The shape body-parser gives its errors (http-errors with a `type`). */
function bodyParserError(err: unknown): { type: string; status: number } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { type, status } = err as { type?: unknown; status?: unknown };
  return typeof type === 'string' && typeof status === 'number' ? { type, status } : undefined;
}

function failure(key: ErrorKey, params: ErrorParams = {}): Failure {
  return { status: new DomainError(key).status, key, params };
}

/**
 * What the HTTP edge answers for an error: a DomainError as it says, a body that cannot be
 * read as the client's fault, anything else a 500 that reveals nothing.
 */
export function toFailure(err: unknown): Failure {
  if (err instanceof DomainError) return { status: err.status, key: err.key, params: err.params };
  const parser = bodyParserError(err);
  if (parser) {
    if (parser.type === 'entity.too.large') return failure('common.bodyTooLarge');
    if (parser.status === 415) return failure('common.unsupportedMediaType');
    if (parser.status >= 400 && parser.status < 500) return failure('common.badJson');
  }
  return failure('common.internal');
}

export function failureEnvelope(f: Failure, locale: Locale): FailureEnvelope {
  return { code: failureCode(f.status), msg: translateError(locale, f.key, f.params), key: f.key };
}
