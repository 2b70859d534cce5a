import { MARKET_NAMESPACE } from '@bourse/shared';
import { logger } from '../../../lib/logger.ts';
import { sessionSocket } from '../../session/index.ts';
import { MarketConnection, type SocketFactory } from './marketConnection.ts';
import { initialMarketState, useMarketStore } from './marketStore.ts';

const browserSocket: SocketFactory = () => sessionSocket(MARKET_NAMESPACE);

let createSocket: SocketFactory = browserSocket;
let connection: MarketConnection | undefined;

/** The app's one market connection, made when a market screen first asks for data. */
export function marketConnection(): MarketConnection {
  connection ??= new MarketConnection({
    createSocket,
    getState: useMarketStore.getState,
    setState: useMarketStore.setState,
    logger,
    document,
  });
  return connection;
}

/** Tests: sockets come from `factory` and the next marketConnection() starts afresh. */
export function resetMarketConnection(factory: SocketFactory): void {
  createSocket = factory;
  connection = undefined;
  useMarketStore.setState(initialMarketState());
}
