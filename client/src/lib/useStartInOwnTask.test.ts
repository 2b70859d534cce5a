// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStartInOwnTask } from './useStartInOwnTask.ts';
import { yieldToBrowser } from './yieldToBrowser.ts';

describe('useStartInOwnTask', () => {
  it('starts once, in a task after the mount, not inside it', async () => {
    const start = vi.fn();
    const { rerender } = renderHook(() => useStartInOwnTask(start));
    expect(start).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(start).toHaveBeenCalledOnce());
    rerender();
    await yieldToBrowser();
    expect(start).toHaveBeenCalledOnce();
  });

  it('does not start for a component gone before its task came', async () => {
    const start = vi.fn();
    const { unmount } = renderHook(() => useStartInOwnTask(start));
    unmount();
    await yieldToBrowser();
    await yieldToBrowser();
    expect(start).not.toHaveBeenCalled();
  });
});
