import { describe, expect, it } from 'vitest';
import { SubscriptionIndex } from './subscriptionIndex.ts';

describe('SubscriptionIndex', () => {
  it('indexes both ways', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['604000', '004001']);
    index.add('b', ['604000']);
    expect([...index.subscribersOf('604000')]).toEqual(['a', 'b']);
    expect([...index.keysOf('a')]).toEqual(['604000', '004001']);
    expect(index.has('b', '004001')).toBe(false);
    expect([...index.subscribers()]).toEqual(['a', 'b']);
  });

  it('forgets keys and subscribers that are left with nothing', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['604000', '004001']);
    index.add('b', ['604000']);
    index.remove('b', ['604000', '303750']);
    expect([...index.subscribersOf('604000')]).toEqual(['a']);
    expect([...index.subscribers()]).toEqual(['a']);
    index.removeAll('a');
    expect(index.subscribersOf('604000').size).toBe(0);
    expect(index.keysOf('a').size).toBe(0);
    expect([...index.subscribers()]).toEqual([]);
  });

  it('adding a key twice counts it once', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['604000', '604000']);
    expect(index.keysOf('a').size).toBe(1);
    // 1 held + 1 new (604000 again and 004001 twice count once each)
    expect(index.countWith('a', ['604000', '004001', '004001'])).toBe(2);
  });

  it('removing what a subscriber does not hold changes nothing', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['604000']);
    index.remove('b', ['604000']);
    index.remove('a', ['004001']);
    expect([...index.subscribersOf('604000')]).toEqual(['a']);
  });
});
