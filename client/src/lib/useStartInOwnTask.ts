import { useEffect } from 'react';
import { inOwnTask } from './yieldToBrowser.ts';

/**
 * Calls `start` once the component has mounted, in a task of its own. A screen's first commit
 * runs all its effects in one task; the live channels each open a socket and send their first
 * requests there (a few milliseconds a request, four times that on a phone), so started together
 * they made one of the longest tasks of a phone's start (issue 15's blocking time). `start` must
 * be stable (a module function): it runs again only if it changes.
 */
export function useStartInOwnTask(start: () => unknown): void {
  useEffect(() => inOwnTask(() => void start()), [start]);
}
