import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressLine } from './ProgressBar.tsx';

describe('ProgressLine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs while busy, sweeps to the end, then disappears; never a spinner', () => {
    const { rerender } = render(<ProgressLine busy={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<ProgressLine busy />);
    expect(screen.getByRole('progressbar').className).toBe('progress progress--running');
    rerender(<ProgressLine busy={false} />);
    expect(screen.getByRole('progressbar').className).toBe('progress progress--done');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.querySelector('.toast__spinner')).toBeNull();
  });
});
