import { type LoginCredentials, type RegisterCredentials, userRoutes } from '@bourse/shared';
import { encryptCredentials } from '../../lib/crypto/encryptCredentials.ts';
import { callApi } from '../../lib/http/client.ts';
import { useSession } from '../session/index.ts';

/**
 * Encrypts the credentials with the server's current key, posts them as `{query}` and starts
 * the session from the answer. Requests are silent: the form shows the error itself.
 */
async function startSession(
  route: typeof userRoutes.login | typeof userRoutes.register,
  credentials: LoginCredentials | RegisterCredentials,
): Promise<void> {
  const { publicKey } = await callApi(userRoutes.pubkey, { silent: true });
  const body = { query: await encryptCredentials(publicKey, credentials) };
  const { userinfo } = await callApi(route, { body, silent: true });
  await useSession.getState().login(userinfo);
}

export const login = (credentials: LoginCredentials) => startSession(userRoutes.login, credentials);

export const register = (credentials: RegisterCredentials) => startSession(userRoutes.register, credentials);
