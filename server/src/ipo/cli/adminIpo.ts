/**
 * `pnpm admin:ipo <command>`: the back office's IPO tools, on DATABASE_URL and REDIS_URL (the
 * same checks and messages as the admin API).
 *
 *   pnpm admin:ipo list [status]
 *   pnpm admin:ipo create --code 304501 --name 恒瑞智能 --price 21.50 --online-shares 8000000 --date 2026-07-09 [--listing 2026-07-16]
 *   pnpm admin:ipo run <code>              start (or re-run) the allotment batch
 *   pnpm admin:ipo progress <code> [--watch]
 */
import { parseArgs } from 'node:util';
import { allotmentQueue, batchProgress, startAllotmentRun } from '@bourse/core/ipo/allotmentRuns.ts';
import { createIpo } from '@bourse/core/ipo/createIpo.ts';
import { calendar, issueByCode } from '@bourse/core/ipo/queries.ts';
import { ipoView } from '@bourse/core/ipo/views.ts';
import { loadConfig } from '@bourse/core/platform/config.ts';
import { openDatabase } from '@bourse/core/platform/database.ts';
import { logger } from '@bourse/core/platform/logger.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { resolveRedisPrefix } from '@bourse/core/platform/redisNamespace.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import { DomainError, IPO_STATUSES, type IpoStatus, newIpoSchema, translateError } from '@bourse/shared';

const argv = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: argv[0] === '--' ? argv.slice(1) : argv,
  allowPositionals: true,
  options: {
    code: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'string' },
    'online-shares': { type: 'string' },
    date: { type: 'string' },
    listing: { type: 'string' },
    watch: { type: 'boolean', default: false },
  },
});
const [command, argument] = positionals;

logger.level = 'warn';
const config = loadConfig();
const database = await openDatabase(config);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const queue = allotmentQueue(redis, await resolveRedisPrefix(config, database, redis));
const { db } = database;

const progressLine = async (code: string) => {
  const p = await batchProgress(db, code);
  const drawn =
    p.drawnWinningNumbers === null ? 'not drawn' : `${p.drawnWinningNumbers} winning numbers drawn`;
  return `${code} ${p.status} run ${p.run}: ${p.doneChunks}/${p.chunks} chunks, ${p.subscriptions} subscriptions, ${p.numbers} numbers, ${p.winningNumbers} winners found (${drawn})`;
};

try {
  switch (command) {
    case 'list': {
      const status = argument as IpoStatus | undefined;
      if (status && !IPO_STATUSES.includes(status)) throw new DomainError('ipo.badStatus');
      for (const { ipo, draw } of await calendar(db, status)) {
        const v = ipoView(ipo, draw);
        console.log(
          `${v.code} ${v.name} ${v.exchange}/${v.board} ${v.price} CNY, ${v.onlineShares} online, T ${v.subscriptionDate}, listing ${v.listingDate}: ${v.status}`,
        );
      }
      break;
    }
    case 'create': {
      const body = parseInput(newIpoSchema, {
        code: values.code,
        name: values.name,
        price: values.price,
        onlineShares: Number(values['online-shares']),
        subscriptionDate: values.date,
        listingDate: values.listing,
      });
      const v = ipoView(await createIpo(db, body), null);
      console.log(
        `created ${v.code} ${v.name}: T ${v.subscriptionDate}, T+1 ${v.allotmentDate}, T+2 ${v.paymentDate}, listing ${v.listingDate}`,
      );
      console.log(`seed commitment (SHA-256) ${v.seedCommitment}`);
      break;
    }
    case 'run': {
      const { ipo } = await issueByCode(db, argument ?? '');
      const { run } = await startAllotmentRun(db, queue, ipo.id);
      console.log(
        `started run ${run} of ${ipo.code}; watch it with: pnpm admin:ipo progress ${ipo.code} --watch`,
      );
      break;
    }
    case 'progress': {
      const code = argument ?? '';
      for (;;) {
        console.log(await progressLine(code));
        const { status } = await batchProgress(db, code);
        if (!values.watch || status !== 'awaiting_allotment') break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      break;
    }
    default:
      console.error(
        'usage: pnpm admin:ipo list [status] | create --code … | run <code> | progress <code> [--watch]',
      );
      process.exitCode = 2;
  }
} catch (err) {
  if (!(err instanceof DomainError)) throw err;
  console.error(translateError('en', err.key, err.params));
  process.exitCode = 1;
} finally {
  await queue.close();
  redis.disconnect();
  await database.close();
}
