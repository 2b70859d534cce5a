// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { afterPaint } from './afterPaint.ts';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('afterPaint', () => {
  it('starts after the next frame, in a task of its own, and undoes it with the returned function', async () => {
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const undo = afterPaint(start);
    expect(start).not.toHaveBeenCalled();
    await nextFrame();
    await vi.waitFor(() => expect(start).toHaveBeenCalledOnce());
    expect(stop).not.toHaveBeenCalled();
    undo();
    expect(stop).toHaveBeenCalledOnce();
  });

  it('never starts when undone before the frame, nor between the frame and its task', async () => {
    const beforeFrame = vi.fn(() => () => undefined);
    afterPaint(beforeFrame)();
    const betweenFrameAndTask = vi.fn(() => () => undefined);
    const undo = afterPaint(betweenFrameAndTask);
    await nextFrame();
    undo();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beforeFrame).not.toHaveBeenCalled();
    expect(betweenFrameAndTask).not.toHaveBeenCalled();
  });
});
