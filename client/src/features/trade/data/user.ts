import { USER_NAMESPACE } from '@bourse/shared';
import { logger } from '../../../lib/logger.ts';
import { sessionSocket, useSession } from '../../session/index.ts';
import { fetchAccount, fetchFills, fetchOrders, fetchPositions } from './tradingApi.ts';
import { initialTradingState, type TradingSnapshot, useTradingStore } from './tradingStore.ts';
import type { UserSocket } from '../../../lib/namespaceSocket.ts';
import { UserChannel } from './userChannel.ts';

const browserSocket = (): UserSocket => sessionSocket(USER_NAMESPACE);

async function loadSnapshot(signal: AbortSignal): Promise<TradingSnapshot> {
  const [orders, fills, positions, account] = await Promise.all([
    fetchOrders({ scope: 'today', status: 'all' }, signal),
    fetchFills({ scope: 'today' }, signal),
    fetchPositions(signal),
    fetchAccount(signal),
  ]);
  return { orders, fills, positions, account };
}

let createSocket: () => UserSocket = browserSocket;
let channel: UserChannel | undefined;
let unsubscribe: (() => void) | undefined;

/** The app's one /user channel, made when a screen first needs trading data; it follows login and logout. */
export function userChannel(): UserChannel {
  if (channel) return channel;
  const made = new UserChannel({
    createSocket,
    loadSnapshot,
    getState: useTradingStore.getState,
    setState: useTradingStore.setState,
    initialState: initialTradingState,
    logger,
  });
  channel = made;
  made.bind(useSession.getState().token);
  unsubscribe = useSession.subscribe((session) => made.bind(session.token));
  return made;
}

/** Tests: sockets come from `factory` and the next userChannel() starts afresh. */
export function resetUserChannel(factory: () => UserSocket): void {
  unsubscribe?.();
  channel?.bind('');
  channel = undefined;
  createSocket = factory;
  useTradingStore.setState(initialTradingState());
}
