/**
 * The feed's test clock. With FEED_TEST_CLOCK=true (refused when NODE_ENV is production) the
 * active feed takes "skip the market to HH:MM" commands from a Redis list at each tick, so an
 * end-to-end test reaches the next phase or trading day in a second instead of waiting out the
 * demo day. Only whoever can write to the deployment's Redis can push one.
 */
import { randomUUID } from 'node:crypto';
import { parseJson } from '@bourse/shared';
import { Redis } from 'ioredis';
import { z } from 'zod';

/** List of JSON commands, oldest first, under the deployment's Redis prefix. */
const COMMANDS_KEY = 'market:feed:test-clock';
/** List the feed pushes a command's id onto once everything the skip caused is published. */
const doneKey = (id: string) => `${COMMANDS_KEY}:done:${id}`;

const testClockCommandSchema = z.object({
  id: z.string().min(1),
  /** Market wall time to skip to: today's if still ahead, else the next trading day's. */
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type TestClockCommand = z.infer<typeof testClockCommandSchema>;

/**
 * The harness's side: asks the active feed of the deployment on `redisUrl` under `prefix` to skip
 * the market ahead to the next `to` (HH:MM, market time), and resolves once the feed has
 * published the market as it stands after the skip (a new trading day's open included).
 */
export async function skipMarket(
  redisUrl: string,
  prefix: string,
  to: string,
  timeoutMs = 60_000,
): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const command = testClockCommandSchema.parse({ id: randomUUID(), to });
    await redis.rpush(`${prefix}${COMMANDS_KEY}`, JSON.stringify(command));
    const done = await redis.blpop(`${prefix}${doneKey(command.id)}`, timeoutMs / 1000);
    if (!done) throw new Error(`the feed did not skip the market to ${to} within ${timeoutMs} ms`);
  } finally {
    redis.disconnect();
  }
}

/** The feed's side: the commands waiting, oldest first, taken off the list; what does not parse is dropped. */
export async function takeSkips(redis: Redis, prefix: string): Promise<TestClockCommand[]> {
  const texts = (await redis.lpop(`${prefix}${COMMANDS_KEY}`, 16)) ?? [];
  return texts.flatMap((text) => parseJson(testClockCommandSchema, text) ?? []);
}

/** The feed's side: tells the harness the skips are done and published. */
export async function reportSkipsDone(
  redis: Redis,
  prefix: string,
  skips: readonly TestClockCommand[],
): Promise<void> {
  const pipeline = redis.pipeline();
  for (const { id } of skips)
    pipeline.rpush(`${prefix}${doneKey(id)}`, '1').expire(`${prefix}${doneKey(id)}`, 300);
  await pipeline.exec();
}
