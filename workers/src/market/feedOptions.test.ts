import { describe, expect, it } from 'vitest';
import { feedOptionsFromEnv } from './feedOptions.ts';

describe('the feed test clock flag', () => {
  it('is off unless FEED_TEST_CLOCK says true', () => {
    expect(feedOptionsFromEnv({}, 'pglite', 'p:').testClock).toBe(false);
    expect(feedOptionsFromEnv({ FEED_TEST_CLOCK: 'true' }, 'pglite', 'p:').testClock).toBe(true);
  });

  it('refuses to start a production feed, or one on the exchange calendar, with it', () => {
    expect(() =>
      feedOptionsFromEnv({ FEED_TEST_CLOCK: 'true', NODE_ENV: 'production' }, 'postgres', 'p:'),
    ).toThrow(/FEED_TEST_CLOCK/);
    expect(() =>
      feedOptionsFromEnv({ FEED_TEST_CLOCK: 'true', FEED_CLOCK: 'exchange' }, 'postgres', 'p:'),
    ).toThrow(/FEED_TEST_CLOCK/);
  });
});
