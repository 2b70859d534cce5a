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
  it('starts services in order and stops them in reverse', async () => {
    const log: string[] = [];
    const workers = await startWorkers(context, [service('a', log), service('b', log)]);
    expect(workers.names).toEqual(['a', 'b']);
    await workers.stop();
    expect(log).toEqual(['start a', 'start b', 'stop b', 'stop a']);
  });

  it('stops what already started when a later service fails', async () => {
    const log: string[] = [];
    await expect(startWorkers(context, [service('a', log), service('b', log, true)])).rejects.toThrow(
      'b failed',
    );
    expect(log).toEqual(['start a', 'stop a']);
  });
});
