import { describe, expect, it } from 'vitest';
import { SubscriptionIndex } from './subscriptionIndex.ts';

describe('SubscriptionIndex', () => {
  it('indexes both ways', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['600000', '000001']);
    index.add('b', ['600000']);
    expect([...index.subscribersOf('600000')]).toEqual(['a', 'b']);
    expect([...index.keysOf('a')]).toEqual(['600000', '000001']);
    expect(index.has('b', '000001')).toBe(false);
    expect([...index.subscribers()]).toEqual(['a', 'b']);
  });

  it('forgets keys and subscribers that are left with nothing', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['600000', '000001']);
    index.add('b', ['600000']);
    index.remove('b', ['600000', '300750']);
    expect([...index.subscribersOf('600000')]).toEqual(['a']);
    expect([...index.subscribers()]).toEqual(['a']);
    index.removeAll('a');
    expect(index.subscribersOf('600000').size).toBe(0);
    expect(index.keysOf('a').size).toBe(0);
    expect([...index.subscribers()]).toEqual([]);
  });

  it('adding a key twice counts it once', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['600000', '600000']);
    expect(index.keysOf('a').size).toBe(1);
    // 1 held + 1 new (600000 again and 000001 twice count once each)
    expect(index.countWith('a', ['600000', '000001', '000001'])).toBe(2);
  });

  it('removing what a subscriber does not hold changes nothing', () => {
    const index = new SubscriptionIndex<string>();
    index.add('a', ['600000']);
    index.remove('b', ['600000']);
    index.remove('a', ['000001']);
    expect([...index.subscribersOf('600000')]).toEqual(['a']);
  });
});
