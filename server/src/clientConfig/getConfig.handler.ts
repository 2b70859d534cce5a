import type { userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const getConfigHandler: Handler<typeof userRoutes.config> = async ({ app }) => ({
  kf_url: app.config.kfUrl,
});
