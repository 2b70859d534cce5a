import { loadConfig, openDatabase } from '@bourse/core/platform';
import type { BackgroundService } from '../service.ts';

/**
 * Runs one background service as the whole of a child process, for the crash tests and the
 * benchmarks: on PostgreSQL at DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX. Tells the parent `ready` over IPC once started; stops when the parent goes away
 * (a SIGKILL from the parent is the crash under test).
 */
export async function runServiceProcess(service: BackgroundService, ready = 'started'): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const running = await service.start({
    config,
    database,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: process.env.REDIS_PREFIX!,
  });
  process.send?.({ type: ready });
  process.once('disconnect', async () => {
    await running.stop();
    await database.close();
    process.exit(0);
  });
}
