import { describe, expect, it } from 'vitest';
import { type BackgroundService, startWorkers, type WorkerContext } from './index.ts';

const context = {} as WorkerContext;

function service(name: string, log: string[], failOnStart = false): BackgroundService {
  return {
    name,
    start: async () => {
      if (failOnStart) throw new Error(`${name} failed`);
      log.push(`start ${name}`);
      return { stop: async () => void log.push(`stop ${name}`) };
    },
  };
}

describe('startWorkers', () => {
  it('starts services in order and stops them side by side', async () => {
    const log: string[] = [];
    const workers = await startWorkers(context, [service('a', log), service('b', log)]);
    expect(workers.names).toEqual(['a', 'b']);
    await workers.stop();
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
    expect(log.slice(2).sort()).toEqual(['stop a', 'stop b']);
  });

  it('stops every service even when one fails to stop, then reports that failure', async () => {
    const log: string[] = [];
    const failing: BackgroundService = {
      name: 'failing',
      start: async () => ({
        stop: async () => {
          throw new Error('failing did not stop');
        },
      }),
    };
    const workers = await startWorkers(context, [failing, service('b', log)]);
    await expect(workers.stop()).rejects.toThrow('failing did not stop');
    expect(log).toEqual(['start b', 'stop b']);
  });

  it('stops what already started when a later service fails', async () => {
    const log: string[] = [];
    await expect(startWorkers(context, [service('a', log), service('b', log, true)])).rejects.toThrow(
      'b failed',
    );
    expect(log).toEqual(['start a', 'stop a']);
  });
});
