import type { ReactNode } from 'react';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { useTradingStore } from './data/tradingStore.ts';
import { userChannel } from './data/user.ts';

/** The account's figures once the first snapshot is in; before it the spinner, or its failure with a retry. */
export function SnapshotState({ children }: { children: ReactNode }) {
  const snapshot = useTradingStore((s) => s.snapshot);
  const loaded = useTradingStore((s) => s.tradingDate !== null);
  if (loaded) return children;
  return (
    <LoadState
      state={snapshot.status === 'error' ? { status: 'error', error: snapshot.error } : { status: 'pending' }}
      onRetry={() => userChannel().refresh()}
      empty=""
    />
  );
}
