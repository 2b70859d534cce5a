import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureLoginKeys } from '@bourse/core/accounts/serverKeys.ts';
import { payPasswordPepper } from '@bourse/core/identity/payPasswordHash.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import { adapterClients } from '@bourse/core/platform/redis.ts';
import { ensureVapidKeys } from '@bourse/core/push';
import { adapterKey } from '@bourse/core/user-channel/userEvents.ts';
import { MARKET_NAMESPACE, USER_NAMESPACE } from '@bourse/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import proxyaddr from 'proxy-addr';
import { Server as SocketServer } from 'socket.io';
import { attachMarketGateway, type MarketGateway } from '../market/gateway.ts';
import { attachUserChannel } from '../user-channel/userChannel.ts';
import { buildApp } from './app.ts';
import { type AppOptions, createAppContext } from './appContext.ts';
import { ConnectionCaps } from './connectionCaps.ts';

export interface RunningServer {
  /** The port actually bound (config.port 0 picks a free one). */
  port: number;
  httpServer: HttpServer;
  io: SocketServer;
  market: MarketGateway;
  /** Stops accepting, lets requests in flight finish, closes sockets and the adapter's and market's Redis connections. */
  close(): Promise<void>;
}

/**
 * HTTP API, client and Socket.IO on one port. The Socket.IO Redis adapter carries broadcasts
 * across replicas; market data comes to each replica from the feed's own Redis channels. The
 * database and `redis` stay owned by the caller.
 */
export async function startServer(options: AppOptions): Promise<RunningServer> {
  logger.level = options.config.logLevel;
  // Made on first start, not on the first login. The pepper is read now too: a payment reads it
  // inside its transaction, and in a rush the first read would wait behind every checkout's.
  await ensureLoginKeys(options.database.db);
  await ensureVapidKeys(options.database.db);
  await payPasswordPepper(options.database.db, options.config.payPasswordPepper);
  const app = createAppContext(options);
  const expressApp = buildApp(app);
  const httpServer = createServer(expressApp);
  const { pub, sub } = adapterClients(options.redis);
  const io = new SocketServer(httpServer, {
    serveClient: false,
    adapter: createAdapter(pub, sub, { key: adapterKey(options.redisPrefix) }),
  });
  // The client's address as Express reads it for the HTTP routes, behind the same trusted proxies.
  const trustProxy = expressApp.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const caps = new ConnectionCaps(
    options.redis,
    app.redisPrefix,
    { perAddress: options.config.socketMaxPerIp, perSession: options.config.socketMaxPerSession },
    (socket) => proxyaddr(socket.request, trustProxy),
  );
  // First, so a connection over the cap costs no session lookup.
  for (const nsp of [io.of(MARKET_NAMESPACE), io.of(USER_NAMESPACE)]) nsp.use(caps.perAddress);
  // Market data reaches this process's sockets from the feed's channels, not through the adapter.
  await app.market.start();
  const gateway = attachMarketGateway(io, app.market, {
    conflationMs: options.config.marketConflationMs,
    fanout: options.config.marketFanout,
  });
  const userChannel = attachUserChannel(io, app, caps);
  const closeRedis = () => {
    caps.close();
    app.market.close();
    pub.disconnect();
    sub.disconnect();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.config.port, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    gateway.close();
    userChannel.close();
    closeRedis();
    throw err;
  }
  const { port } = httpServer.address() as AddressInfo;
  logger.info({ port }, 'server listening');
  // In the background: until it is done a flash sale's refusals read the database for replays.
  void app.services.checkout.stockGate
    .prepareKeyMarkers(app.db)
    .catch((err: Error) =>
      logger.warn({ err: err.message }, 'stock gate: checkout key markers not prepared'),
    );
  return {
    port,
    httpServer,
    io,
    market: gateway,
    async close() {
      app.services.checkout.stockGate.stop();
      gateway.close();
      userChannel.close();
      await io.close();
      closeRedis();
    },
  };
}
