// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottled } from './useThrottled.ts';

describe('useThrottled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first value, then at most one change per interval, the latest one', () => {
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 10_000), {
      initialProps: { value: '10.00' },
    });
    expect(result.current).toBe('10.00');

    rerender({ value: '10.01' }); // the first change since the start shows at once
    expect(result.current).toBe('10.01');

    rerender({ value: '10.02' });
    rerender({ value: '10.03' });
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current).toBe('10.01');
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('10.03');
  });
});
