import { DomainError, passwordResetRoutes, userRoutes } from '@bourse/shared';
import express, { type Express, type Router } from 'express';
import { AVATAR_PATH, avatarHandler } from '../accounts/avatar.handler.ts';
import { accountRoutes } from '../accounts/routes.ts';
import { adminOnly } from '../admin/adminOnly.ts';
import { QUEUE_DASHBOARD_PATH, queueDashboard } from '../admin/queueDashboard.ts';
import { priceAlertRoutes } from '../alerts/routes.ts';
import { bankingRoutes } from '../banking/routes.ts';
import { blockTradeRoutes } from '../blockTrade/routes.ts';
import { getConfigHandler } from '../clientConfig/getConfig.handler.ts';
import { cashFundRoutes } from '../fund/routes.ts';
import { apiErrorHandler } from '../http/errorHandler.ts';
import { type RouteEntry, route } from '../http/mountRoute.ts';
import { openApiDocument } from '../http/openapi.ts';
import { securityHeaders } from '../http/securityHeaders.ts';
import { identityRoutes } from '../identity/routes.ts';
import { ipoRoutes } from '../ipo/routes.ts';
import { outboxHandler } from '../mail/outbox.handler.ts';
import { marketRoutes } from '../market/routes.ts';
import { messageRoutes } from '../messages/routes.ts';
import { pushRoutes } from '../push/routes.ts';
import {
  CATEGORY_IMAGE_PATH,
  categoryImageHandler,
  PRODUCT_IMAGE_PATH,
  productImageHandler,
  SHOP_LOGO_PATH,
  shopLogoHandler,
  UPLOADED_PICTURE_PATH,
  uploadedPictureHandler,
} from '../store/images.handler.ts';
import { MERCHANT_LICENCE_PATH, merchantLicenceHandler } from '../store/merchants/merchant.handlers.ts';
import { REFUND_PROOF_PATH, refundProofHandler } from '../store/refunds/proof.handler.ts';
import { REVIEW_PICTURE_PATH, reviewPictureHandler } from '../store/reviews/picture.handler.ts';
import { storeRoutes } from '../store/routes.ts';
import { SELLER_REFUND_PROOF_PATH, sellerRefundProofHandler } from '../store/seller/refundProof.handler.ts';
import { TOP_UP_EVIDENCE_PATH, topUpEvidenceHandler } from '../store/topUps/evidence.handler.ts';
import { SUPPORT_PICTURE_PATH, supportPictureHandler } from '../support/picture.handler.ts';
import { supportRoutes } from '../support/routes.ts';
import { tradingRoutes } from '../trading/routes.ts';
import { watchlistRoutes } from '../watchlist/routes.ts';
import { type AppContext, type AppOptions, createAppContext } from './appContext.ts';
import { serveClient } from './client.ts';
import { healthRoute } from './health.handler.ts';
import { pingHandler } from './ping.handler.ts';

/** Every contract the API serves; /api/openapi.json is generated from this list. */
const API_ROUTES: readonly RouteEntry[] = [
  ...accountRoutes,
  route(userRoutes.config, getConfigHandler),
  healthRoute,
  route(userRoutes.ping, pingHandler),
  ...marketRoutes,
  ...tradingRoutes,
  ...bankingRoutes,
  ...cashFundRoutes,
  ...identityRoutes,
  ...messageRoutes,
  ...ipoRoutes,
  ...blockTradeRoutes,
  ...watchlistRoutes,
  ...priceAlertRoutes,
  ...pushRoutes,
  ...storeRoutes,
  ...supportRoutes,
  route(passwordResetRoutes.outbox, outboxHandler),
];

function apiRouter(app: AppContext): Router {
  const router = express.Router();
  router.use(express.json({ limit: '100kb' }));
  for (const entry of API_ROUTES) entry.mount(router, app);
  router.get(AVATAR_PATH, avatarHandler(app));
  router.get(PRODUCT_IMAGE_PATH, productImageHandler(app));
  router.get(SHOP_LOGO_PATH, shopLogoHandler(app));
  router.get(CATEGORY_IMAGE_PATH, categoryImageHandler);
  router.get(UPLOADED_PICTURE_PATH, uploadedPictureHandler(app));
  router.get(REVIEW_PICTURE_PATH, reviewPictureHandler(app));
  router.get(SUPPORT_PICTURE_PATH, supportPictureHandler(app));
  router.get(TOP_UP_EVIDENCE_PATH, adminOnly(app), topUpEvidenceHandler(app));
  router.get(REFUND_PROOF_PATH, adminOnly(app), refundProofHandler(app));
  router.get(MERCHANT_LICENCE_PATH, adminOnly(app), merchantLicenceHandler(app));
  router.get(SELLER_REFUND_PROOF_PATH, sellerRefundProofHandler(app));
  const openapi = openApiDocument(API_ROUTES.map((r) => r.contract));
  router.get('/openapi.json', (_req, res) => {
    res.json(openapi);
  });
  // Known paths answer 405 for other methods; anything else under /api is a 404 envelope.
  for (const path of new Set(API_ROUTES.map((r) => r.contract.path))) {
    router.all(path, () => {
      throw new DomainError('common.methodNotAllowed');
    });
  }
  router.use(() => {
    throw new DomainError('common.notFound');
  });
  router.use(apiErrorHandler);
  return router;
}

export function buildApp(app: AppContext): Express {
  const server = express();
  server.disable('x-powered-by');
  server.set('trust proxy', app.config.trustProxy);
  server.use(securityHeaders());
  server.use('/api', apiRouter(app));
  server.use(QUEUE_DASHBOARD_PATH, securityHeaders('queueDashboard'), queueDashboard(app));
  serveClient(server, app.config.clientDist);
  return server;
}

/** The Express app alone (no Socket.IO, not listening), for tests and embedding. */
export function createApp(options: AppOptions): Express {
  return buildApp(createAppContext(options));
}
