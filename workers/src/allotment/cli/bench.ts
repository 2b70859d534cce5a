/**
 * `pnpm bench:allotment -- --subscriptions N [--workers W] [--concurrency C] [--chunk-size S]
 * [--max-units U] [--verify]`: makes N subscribers with 1 … U units each in a scratch PostgreSQL
 * database (bulk SQL), then times the allotment batch run by W real worker processes, from the
 * run's start until the issue moves on to payment. Prints subscriptions/s, the total time and
 * the peak RSS of each worker process; --verify then checks the result number by number.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { allotmentProgress, allotmentQueue, createIpo, ipos, startAllotmentRun } from '@bourse/core/ipo';
import { logger } from '@bourse/core/platform';
import { scratchPostgres } from '@bourse/core/trading/testing';
import { exchangeCalendar, shanghaiDate } from '@bourse/shared';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { deleteKeys } from '../../market/testing/redis.ts';
import { populateIssue, subscribedUnits } from '../population.ts';
import { verifyAllotment } from '../verify.ts';

const argv = process.argv.slice(2);
const { values } = parseArgs({
  // `pnpm bench:allotment -- --subscriptions N` passes the `--` on: past it, parseArgs would see only positionals.
  args: argv[0] === '--' ? argv.slice(1) : argv,
  options: {
    subscriptions: { type: 'string', default: '1000000' },
    workers: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '4' },
    'chunk-size': { type: 'string', default: '10000' },
    'max-units': { type: 'string', default: '40' },
    verify: { type: 'boolean', default: false },
  },
});
const subscriptions = Number(values.subscriptions);
const workerCount = Number(values.workers);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// A popular issue: about 1 number in 2,500 wins (the rate of real hot STAR listings).
const WIN_RATE = 0.0004;
const CODE = '687999';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('../workerProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { type?: string }) => m.type === 'ready' && resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

function peakRss(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.on('message', (m: { type?: string; bytes?: number }) => m.type === 'rss' && resolve(m.bytes ?? 0));
    child.send({ type: 'rss' });
  });
}

logger.level = 'warn';
console.log(
  `bench:allotment: ${subscriptions.toLocaleString('en')} subscriptions, ${workerCount} worker process(es), concurrency ${values.concurrency}, chunks of ${values['chunk-size']}`,
);
const scratch = await scratchPostgres();
const { db } = scratch.database;
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
const prefix = `bench:${randomUUID()}:`;
const queue = allotmentQueue(redis, prefix);
const workers: ChildProcess[] = [];
try {
  const setupStarted = performance.now();
  const today = shanghaiDate(Date.now());
  const ipo = await createIpo(db, {
    code: CODE,
    name: '基准科技',
    price: '23.45',
    onlineShares: 500,
    subscriptionDate: exchangeCalendar.isTradingDay(today) ? today : exchangeCalendar.nextTradingDay(today),
  });
  await populateIssue(db, {
    ipoId: ipo.id,
    subscribers: subscriptions,
    maxUnits: Number(values['max-units']),
    tag: 'b',
    onProgress: (done) => console.log(`  setup: ${done.toLocaleString('en')} subscribers made`),
  });
  const numbers = await subscribedUnits(db, ipo.id);
  const unitsOffered = Math.max(1, Math.round(numbers * WIN_RATE));
  await db
    .update(ipos)
    .set({ onlineShares: unitsOffered * 500, status: 'awaiting_allotment' })
    .where(eq(ipos.id, ipo.id));
  // By T+1 the day's subscriptions have long been vacuumed and analysed.
  await db.execute(sql.raw('vacuum analyze ipo_subscriptions'));
  console.log(
    `  setup done in ${seconds(performance.now() - setupStarted)} s: ${numbers.toLocaleString('en')} numbers, ${unitsOffered.toLocaleString('en')} units on offer`,
  );

  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    ALLOTMENT_CHUNK_SIZE: String(values['chunk-size']),
    ALLOTMENT_CONCURRENCY: String(values.concurrency),
  };
  for (let i = 0; i < workerCount; i++) workers.push(await spawnWorker(env));

  const loadBefore = load();
  const started = performance.now();
  const { run } = await startAllotmentRun(db, queue, ipo.id);
  let lastReport = started;
  for (;;) {
    const [row] = await db.select({ status: ipos.status }).from(ipos).where(eq(ipos.id, ipo.id));
    if (row?.status === 'awaiting_payment') break;
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      const p = await allotmentProgress(db, ipo.id, run);
      console.log(`  ${seconds(lastReport - started)} s: ${p.doneChunks}/${p.chunks} chunks`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsed = performance.now() - started;
  const progress = await allotmentProgress(db, ipo.id, run);
  const rss = await Promise.all(workers.map(peakRss));
  console.log('');
  console.log(`subscriptions      ${subscriptions.toLocaleString('en')}`);
  console.log(`numbers            ${progress.numbers.toLocaleString('en')}`);
  console.log(
    `winning numbers    ${progress.winningNumbers.toLocaleString('en')} (units on offer ${unitsOffered.toLocaleString('en')})`,
  );
  console.log(`chunks             ${progress.chunks}`);
  console.log(`total time         ${seconds(elapsed)} s`);
  console.log(`subscriptions/s    ${Math.round(subscriptions / (elapsed / 1000)).toLocaleString('en')}`);
  console.log(`worker peak RSS    ${rss.map((b) => `${mib(b)} MiB`).join(', ')}`);
  console.log(`load average       ${loadBefore} before, ${load()} after (1/5/15 min)`);
  if (values.verify) {
    const verifyStarted = performance.now();
    const report = await verifyAllotment(db, CODE);
    console.log(
      `verify             ${report?.agree ? 'agree' : 'DISAGREE'} (${seconds(performance.now() - verifyStarted)} s, every number checked)`,
    );
    if (!report?.agree) process.exitCode = 1;
  }
} finally {
  for (const child of workers) child.disconnect();
  await queue.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
  await scratch.close();
}
