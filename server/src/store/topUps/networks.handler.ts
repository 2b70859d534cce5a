import { depositNetworks } from '@bourse/core/store/topUps/topUps.ts';
import type { topUpRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';

export const depositNetworksHandler: Handler<typeof topUpRoutes.networks> = async (ctx) =>
  depositNetworks(ctx.app.services.topUps);
