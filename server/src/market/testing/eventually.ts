import { vi } from 'vitest';

/** Retries an assertion until it holds: feed messages are handled asynchronously. Generous for loaded boxes. */
export function eventually<T>(assertion: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(assertion, { timeout: 10_000, interval: 20 });
}
