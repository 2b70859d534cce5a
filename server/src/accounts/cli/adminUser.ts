/**
 * `pnpm admin:user <command>`: grants and revokes the back office's admin role, on DATABASE_URL
 * (the embedded database under DATA_DIR without it). The account is the login name, in any case.
 * A change closes the user's live /user sockets through REDIS_URL, under the deployment's prefix
 * (REDIS_PREFIX, or the one derived from the database as the server derives it).
 *
 *   pnpm admin:user -- --account alice --role admin    grant
 *   pnpm admin:user -- --account alice --role user     revoke
 *   pnpm admin:user -- list                            the admins
 */
import { parseArgs } from 'node:util';
import { listAdmins, setRole, USER_ROLES, type UserRole } from '@bourse/core/accounts/roles.ts';
import { loadConfig } from '@bourse/core/platform/config.ts';
import { openDatabase } from '@bourse/core/platform/database.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { resolveRedisPrefix } from '@bourse/core/platform/redisNamespace.ts';
import { redisUserSockets } from '@bourse/core/user-channel/endSockets.ts';

const USAGE = `usage: pnpm admin:user -- --account <login> --role ${USER_ROLES.join('|')} | list`;

const argv = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: argv[0] === '--' ? argv.slice(1) : argv,
  allowPositionals: true,
  options: { account: { type: 'string' }, role: { type: 'string' } },
});
const role = values.role as UserRole | undefined;
const listing = positionals[0] === 'list' && positionals.length === 1 && !values.account && !role;
const granting =
  positionals.length === 0 && values.account !== undefined && role !== undefined && USER_ROLES.includes(role);

if (!listing && !granting) {
  console.error(USAGE);
  process.exit(2);
}

logger.level = 'warn';
const config = loadConfig();
const database = await openDatabase(config);
// Only a change needs Redis; `list` works without it.
const redis = granting ? createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
try {
  if (listing) {
    const admins = await listAdmins(database.db);
    console.log(admins.length > 0 ? admins.join('\n') : 'no admins');
  } else {
    const account = values.account!;
    const sockets = redisUserSockets(redis!, await resolveRedisPrefix(config, database, redis!));
    const changed = await setRole(database.db, sockets, account, role!);
    if (!changed) {
      console.error(`no account ${account}`);
      process.exitCode = 1;
    } else if (changed.previous === changed.role) {
      console.log(`${changed.account} already has the ${changed.role} role`);
    } else {
      console.log(`${changed.account}: ${changed.previous} → ${changed.role}`);
    }
  }
} finally {
  redis?.disconnect();
  await database.close();
}
