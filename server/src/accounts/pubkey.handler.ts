import type { userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const pubkeyHandler: Handler<typeof userRoutes.pubkey> = async ({ app }) => {
  const { publicKeyPem } = await app.loginKeys();
  return { publicKey: publicKeyPem };
};
