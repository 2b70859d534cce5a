/**
 * Registers accounts on a running Bourse and prints their session tokens, one a line: the
 * accounts loadtest/k6/orders.js trades with (k6 cannot make the RSA-OAEP ciphertext the
 * register route takes). On a demo deployment each account gets the starting deposit.
 *
 *   pnpm exec tsx loadtest/orders/signUp.ts --url http://127.0.0.1:3000 --users 200 > tokens.txt
 */
import { parseArgs } from 'node:util';
import { ApiClient } from '../../core/src/testing/api.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    users: { type: 'string', default: '100' },
  },
});
const users = Number(values.users);
if (!Number.isInteger(users) || users < 1 || users > 5_000) throw new Error('--users must be 1..5000');

/** Registrations in flight: each hashes a password with argon2 on the server. */
const IN_FLIGHT = 4;
const api = new ApiClient(values.url!);
let left = users;
await Promise.all(
  Array.from({ length: Math.min(IN_FLIGHT, users) }, async () => {
    while (left > 0) {
      left--;
      const { token } = await api.signUp();
      console.log(token);
    }
  }),
);
