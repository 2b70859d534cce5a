import { useRef } from 'react';
import { newIdempotencyKey } from '../trade/index.ts';

/**
 * One Idempotency-Key per decision: asking again for the same request (a retry after a timeout
 * or a wrong payment password) gives the same key, so the server moves the money at most once;
 * a changed request gets a new key.
 */
export function useIdempotencyKey(): (request: unknown) => string {
  const current = useRef<{ request: string; key: string } | null>(null);
  return (request) => {
    const text = JSON.stringify(request);
    if (current.current?.request !== text) current.current = { request: text, key: newIdempotencyKey() };
    return current.current.key;
  };
}
