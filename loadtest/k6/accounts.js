// @ts-check
/**
 * What every signed-in k6 scenario reads first: the deployment to call and the session tokens
 * `loadtest/orders/signUp.ts` wrote, one a line (k6 cannot make the ciphertext registration
 * takes). `open` runs in k6's init context, where this module is loaded, and resolves a relative
 * path from this script's folder, not the shell's: pass TOKENS as an absolute path.
 */
export const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
export const TOKENS = open(__ENV.TOKENS || 'tokens.txt')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.length > 0);
