// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { endedSession } from './sessionSocket.ts';

/** What socket.io-client hands connect_error when a namespace middleware refuses. */
const refused = (key: string, message = 'Your session has expired. Please log in again.') =>
  Object.assign(new Error(message), { data: { key, message } });

describe('endedSession', () => {
  it('ends the current session when the server refuses it', () => {
    expect(endedSession(refused('auth.sessionExpired'), 'tok-1', 'tok-1')).toBe(
      'Your session has expired. Please log in again.',
    );
  });

  it.each([
    ['a refusal of the token before a new login', refused('auth.sessionExpired'), 'tok-1', 'tok-2'],
    ['a handshake sent logged out', refused('auth.loginFirst'), '', ''],
    [
      'a refusal that is not about the session',
      refused('socket.tooManyConnections', 'Too many'),
      'tok-1',
      'tok-1',
    ],
    ['a network failure', new Error('websocket error'), 'tok-1', 'tok-1'],
  ])('leaves the session alone on %s', (_, error, sent, current) => {
    expect(endedSession(error, sent, current)).toBeUndefined();
  });
});
