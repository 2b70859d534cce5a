/**
 * The allotment worker in a process of its own, for the crash test and the benchmark: the real
 * BullMQ worker on PostgreSQL at DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX
 * (ALLOTMENT_CHUNK_SIZE, ALLOTMENT_CONCURRENCY, ALLOTMENT_LOCK_MS tune it). Tells its parent
 * `ready` over IPC, answers `rss` with its peak resident memory, stops when the parent goes away.
 */
import { runServiceProcess } from '../testing/serviceProcess.ts';
import { allotmentService } from './allotmentWorker.ts';

const env = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const lockDurationMs = env('ALLOTMENT_LOCK_MS');
process.on('message', (m: { type?: string }) => {
  // maxRSS is in kibibytes
  if (m.type === 'rss') process.send?.({ type: 'rss', bytes: process.resourceUsage().maxRSS * 1024 });
});
await runServiceProcess(
  allotmentService({
    redisPrefix: process.env.REDIS_PREFIX,
    chunkSize: env('ALLOTMENT_CHUNK_SIZE'),
    concurrency: env('ALLOTMENT_CONCURRENCY'),
    lockDurationMs,
    stalledIntervalMs: lockDurationMs && Math.max(250, lockDurationMs / 2),
  }),
  'ready',
);
