import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './Toast.tsx';
import { TOAST_DURATION_MS, toast, useToastStore } from './toastStore.ts';

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('shows a message for 1200 ms, then hides it', () => {
    render(<ToastHost />);
    act(() => void toast.info('Saved'));
    expect(screen.getByTestId('toast').textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(TOAST_DURATION_MS).toBe(1200);
  });

  it('keeps a loading toast until it is closed', () => {
    render(<ToastHost />);
    let handle: ReturnType<typeof toast.loading> | undefined;
    act(() => {
      handle = toast.loading('Loading');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('status').textContent).toBe('Loading');
    act(() => handle?.close());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is callable outside React and a failure is announced as an alert', () => {
    toast.fail('Wrong password');
    expect(useToastStore.getState().current).toMatchObject({ kind: 'fail', message: 'Wrong password' });
    render(<ToastHost />);
    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
  });

  it('a newer toast replaces an older one, and the old handle cannot close it', () => {
    const first = toast.loading('First');
    toast.success('Second');
    first.close();
    expect(useToastStore.getState().current?.message).toBe('Second');
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(useToastStore.getState().current).toBeNull();
  });
});
