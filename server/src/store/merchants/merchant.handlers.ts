import {
  applyForShop,
  decideMerchantApplication,
  merchantApplicationsInState,
  merchantLicence,
  merchantStatus,
} from '@bourse/core/store/merchants/merchants.ts';
import { DomainError, type merchantRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';
import { privateImageHandler } from '../../http/privateImage.ts';
import type { AppContext } from '../../platform/appContext.ts';

type R = typeof merchantRoutes;

/** POST /store/merchant/applications with the licence image. */
export const applyHandler: Handler<R['apply']> = (ctx) => {
  const upload = ctx.upload ?? { kind: 'missing' };
  switch (upload.kind) {
    case 'missing':
      throw new DomainError('merchant.licenceRequired');
    case 'tooLarge':
      throw new DomainError('merchant.licenceTooLarge');
    case 'badType':
      throw new DomainError('merchant.licenceBadType');
    case 'file':
      return applyForShop(ctx.app.db, signedIn(ctx).userId, ctx.body, upload);
  }
};

export const merchantStatusHandler: Handler<R['status']> = (ctx) =>
  merchantStatus(ctx.app.db, signedIn(ctx).userId);

export const adminMerchantsHandler: Handler<R['adminList']> = (ctx) =>
  merchantApplicationsInState(ctx.app.db, ctx.query);

const deciding = (ctx: { app: AppContext }) => ({ db: ctx.app.db, messages: ctx.app.services.messages });

export const approveMerchantHandler: Handler<R['adminApprove']> = (ctx) =>
  decideMerchantApplication(deciding(ctx), signedIn(ctx).userId, { outcome: 'approve', ...ctx.body });

export const refuseMerchantHandler: Handler<R['adminRefuse']> = (ctx) =>
  decideMerchantApplication(deciding(ctx), signedIn(ctx).userId, { outcome: 'refuse', ...ctx.body });

/** GET /api/admin/merchants/:id/licence: an application's licence image, for back office. */
export const MERCHANT_LICENCE_PATH = '/admin/merchants/:id/licence';
export const merchantLicenceHandler = (app: AppContext) => privateImageHandler(app, merchantLicence);
