import { describe, expect, it } from 'vitest';
import { pingRedis, RedisUnavailableError, resolveRedis } from './localRedis.ts';

// Port 1 never has a Redis: it stands for "nothing answers on 6379" on any machine.
const SILENT_PORT = 1;

describe('resolveRedis', () => {
  it('prefers REDIS_URL and starts nothing', async () => {
    const resolved = await resolveRedis({ REDIS_URL: 'redis://example.invalid:1' });
    expect(resolved).toMatchObject({ url: 'redis://example.invalid:1', source: 'REDIS_URL' });
  });

  it('answers false for a port where nothing listens', async () => {
    expect(await pingRedis('127.0.0.1', SILENT_PORT)).toBe(false);
  });

  it('starts a private redis-server when nothing answers, and stops it', async () => {
    const resolved = await resolveRedis(
      process.env.REDIS_URL ? { ...process.env, REDIS_URL: '' } : process.env,
      {
        localPort: SILENT_PORT,
      },
    );
    expect(resolved.source).toBe('private');
    const port = Number(new URL(resolved.url).port);
    expect(await pingRedis('127.0.0.1', port)).toBe(true);
    await resolved.stop();
    expect(await pingRedis('127.0.0.1', port)).toBe(false);
  });

  it('says how to install Redis when no binary exists', async () => {
    const attempt = resolveRedis({ PATH: '/nonexistent' }, { localPort: SILENT_PORT });
    await expect(attempt).rejects.toBeInstanceOf(RedisUnavailableError);
    await expect(attempt).rejects.toThrow(/apt-get install -y redis-server/);
  });
});
