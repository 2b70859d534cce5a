import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yieldToBrowser.ts';

describe('yieldToBrowser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes in a later task, not after the microtasks already queued', async () => {
    let resumed = false;
    const done = yieldToBrowser().then(() => {
      resumed = true;
    });
    for (let turn = 0; turn < 100; turn++) await Promise.resolve();
    expect(resumed).toBe(false);
    await done;
    expect(resumed).toBe(true);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await yieldToBrowser();
    expect(yieldTask).toHaveBeenCalledOnce();
  });
});
