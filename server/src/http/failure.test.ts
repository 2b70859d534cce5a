import { DomainError } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { failureEnvelope, toFailure } from './failure.ts';

/** What body-parser throws, minus the stack. */
const parserError = (type: string, status: number) => Object.assign(new Error(type), { type, status });

describe('toFailure', () => {
  it('keeps a domain error with its status and params', () => {
    expect(toFailure(new DomainError('auth.tooManyAttempts', { minutes: 3 }))).toEqual({
      status: 429,
      key: 'auth.tooManyAttempts',
      params: { minutes: 3 },
    });
  });

  it.each([
    ['entity.parse.failed', 400, 400, 'common.badJson'],
    ['entity.too.large', 413, 413, 'common.bodyTooLarge'],
    ['charset.unsupported', 415, 415, 'common.unsupportedMediaType'],
    ['request.aborted', 400, 400, 'common.badJson'],
  ])('maps body-parser %s to %s', (type, status, expectedStatus, key) => {
    expect(toFailure(parserError(type, status))).toMatchObject({ status: expectedStatus, key });
  });

  it.each([
    ['an Error', new Error('boom')],
    ['a thrown string', 'boom'],
    ['null', null],
    ['a 5xx http error', parserError('stream.not.readable', 500)],
  ])('answers 500 common.internal for %s', (_, err) => {
    expect(toFailure(err)).toEqual({ status: 500, key: 'common.internal', params: {} });
  });
});

describe('failureEnvelope', () => {
  it('uses the status as the code and translates the message', () => {
    expect(failureEnvelope(toFailure(new DomainError('auth.loginFirst')), 'fr')).toEqual({
      code: 401,
      msg: "Veuillez d'abord vous connecter.",
      key: 'auth.loginFirst',
    });
  });

  it('never carries the error text of an unexpected error', () => {
    const body = failureEnvelope(toFailure(new Error('secret stack detail')), 'en');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.code).toBe(500);
  });
});
