import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderHold, RESORT_SETTLE_MS, useHeldOrder } from './orderHold.ts';

describe('OrderHold', () => {
  it('holds while pressed, then until the list has rested the settle time', () => {
    const hold = new OrderHold(600);
    expect(hold.waitAt(1_000)).toBe(0);
    hold.press();
    expect(hold.waitAt(5_000)).toBe(Number.POSITIVE_INFINITY);
    hold.release(5_000);
    expect(hold.waitAt(5_200)).toBe(400);
    hold.scrolled(5_500); // momentum after the finger lifted
    expect(hold.waitAt(5_600)).toBe(500);
    expect(hold.waitAt(6_100)).toBe(0);
  });
});

describe('useHeldOrder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const byChange = ['600001', '600002', '600003'];
  const reSorted = ['600002', '600003', '600001'];

  function renderList() {
    const list = document.createElement('div');
    document.body.append(list);
    const ref = { current: list };
    const hook = renderHook(({ symbols, sortKey }) => useHeldOrder(symbols, sortKey, ref), {
      initialProps: { symbols: byChange, sortKey: 'all|pct|desc' },
    });
    return { list, ...hook };
  }

  it('keeps the order under the finger and applies the re-sort once the list rests', () => {
    const { list, result, rerender } = renderList();
    act(() => list.dispatchEvent(new Event('pointerdown')));
    rerender({ symbols: reSorted, sortKey: 'all|pct|desc' });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toEqual(byChange);

    act(() => window.dispatchEvent(new Event('pointerup')));
    act(() => vi.advanceTimersByTime(RESORT_SETTLE_MS - 100));
    expect(result.current).toEqual(byChange);
    act(() => vi.advanceTimersByTime(RESORT_SETTLE_MS));
    expect(result.current).toEqual(reSorted);
  });

  it('waits for a scroll to settle, and shows a sort the user chose at once', () => {
    const { list, result, rerender } = renderList();
    act(() => list.dispatchEvent(new Event('scroll')));
    rerender({ symbols: reSorted, sortKey: 'all|pct|desc' });
    expect(result.current).toEqual(byChange);
    act(() => vi.advanceTimersByTime(RESORT_SETTLE_MS));
    expect(result.current).toEqual(reSorted);

    act(() => list.dispatchEvent(new Event('scroll')));
    rerender({ symbols: byChange, sortKey: 'all|turnover|desc' });
    expect(result.current).toEqual(byChange);
  });
});
