import { MARKET_NAMESPACE } from '@bourse/shared';
import { io } from 'socket.io-client';
import { logger } from '../../../lib/logger.ts';
import { useSession } from '../../session/sessionStore.ts';
import { MarketConnection, type MarketSocket, type SocketFactory } from './marketConnection.ts';
import { initialMarketState, useMarketStore } from './marketStore.ts';

/** Same origin, WebSocket first (replicas behind a balancer need no sticky sessions), polling if it fails. */
const browserSocket: SocketFactory = () =>
  io(MARKET_NAMESPACE, {
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelayMax: 5_000,
    // Read on every (re)connect: error messages come back in the current language.
    auth: (send) => {
      const { token, setting } = useSession.getState();
      send({ token, lang: setting.lang.file_name });
    },
  }) as unknown as MarketSocket;

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
