/**
 * The price-alert evaluator in a process of its own, as the workers container runs it:
 * PostgreSQL at DATABASE_URL, Redis at REDIS_URL under REDIS_PREFIX. Speaks the benchChild
 * protocol (port 0: it serves nothing). Pushes the cost of each full feed publish (BENCH_SYMBOLS
 * quotes, over the feed's shard messages) onto the Redis list BENCH_COSTS_KEY as
 * "<evaluate ms> <read + evaluate ms>", for the benchmark to read at the end.
 */
import { createRedis, loadConfig, openDatabase } from '@bourse/core/platform';
import { serveParent } from '../../server/src/market/testing/benchChild.ts';
import { AlertEvaluator } from '../../workers/src/alerts/evaluator.ts';

const redisPrefix = process.env.REDIS_PREFIX!;
const symbols = Number(process.env.BENCH_SYMBOLS);
const costsKey = process.env.BENCH_COSTS_KEY!;
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const redis = createRedis(process.env.REDIS_URL!);
const subscriber = createRedis(process.env.REDIS_URL!);
let quotes = 0;
let evaluateMs = 0;
let totalMs = 0;
const evaluator = new AlertEvaluator(database, redis, subscriber, {
  redisPrefix,
  onEvaluated(cost) {
    evaluateMs += cost.evaluateMs;
    totalMs += cost.readMs + cost.evaluateMs;
    quotes += cost.quotes;
    if (quotes < symbols) return;
    void redis.rpush(costsKey, `${evaluateMs.toFixed(3)} ${totalMs.toFixed(3)}`);
    quotes = 0;
    evaluateMs = 0;
    totalMs = 0;
  },
});
await evaluator.start();

serveParent(
  0,
  () => evaluator.size,
  async () => {
    await evaluator.stop();
    subscriber.disconnect();
    redis.disconnect();
    await database.close();
  },
);
