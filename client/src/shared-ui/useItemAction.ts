import { useState } from 'react';
import { messageOf } from '../lib/http/ApiError.ts';
import { toast } from './toast/toastStore.ts';

/**
 * One action on a listed item (back office's queues, the seller console's lists): busy while it runs, its answer toasted (the action
 * returns the success line), and the list reloaded after a success. A failure leaves the item
 * as it was, ready for another try.
 */
export function useItemAction(
  onDone: () => void,
): [busy: boolean, run: (action: () => Promise<string>) => void] {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<string>) => {
    setBusy(true);
    action().then(
      (done) => {
        toast.success(done);
        onDone();
      },
      (error: unknown) => {
        toast.fail(messageOf(error));
        setBusy(false);
      },
    );
  };
  return [busy, run];
}
