/**
 * Ends the current task, resuming in a new one: between them the browser can paint and answer a
 * tap. A phone's start is a chain of long steps (the router, the first screen's modules, the
 * first render); run in one task they block input for their sum. scheduler.yield where the
 * browser has it (it resumes ahead of other queued tasks), otherwise a message to ourselves,
 * which, unlike setTimeout, is not slowed to once a second in a background tab.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new globalThis.MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `start` in a task of its own (see yieldToBrowser) and returns what undoes it: called before
 * that task, `start` never runs; called after, it calls what `start` returned.
 */
export function inOwnTask(start: () => (() => void) | undefined): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  void yieldToBrowser().then(() => {
    if (!cancelled) stop = start();
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}
