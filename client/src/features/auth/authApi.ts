import { type LoginCredentials, type RegisterCredentials, userRoutes } from '@bourse/shared';
import { encryptCredentials } from '../../lib/crypto/encryptCredentials.ts';
import { callApi } from '../../lib/http/client.ts';
import { useSession } from '../session/index.ts';

/**
 * Signing in hashes the password on the server, and registering in demo mode also buys the
 * starter portfolio: on a loaded server or a slow phone network that can outlast the usual
 * timeout, and a register given up on would leave an account made and the user told it failed.
 */
const SIGN_IN_TIMEOUT_MS = 30_000;

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
  const { userinfo } = await callApi(route, { body, silent: true, timeoutMs: SIGN_IN_TIMEOUT_MS });
  await useSession.getState().login(userinfo);
}

export const login = (credentials: LoginCredentials) => startSession(userRoutes.login, credentials);

export const register = (credentials: RegisterCredentials) => startSession(userRoutes.register, credentials);
