import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LuaScript } from './luaScript.ts';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

describe('LuaScript', () => {
  it('sends a script Redis does not know once, then runs it by its hash', async () => {
    // A comment no other script has, so Redis has never seen this one.
    const script = new LuaScript(`-- ${randomUUID()}\nreturn {KEYS[1], ARGV[1]}`);
    const sent = vi.spyOn(redis, 'eval');
    try {
      expect(await script.run(redis, ['a'], [1])).toEqual(['a', '1']);
      expect(await script.run(redis, ['b'], ['two'])).toEqual(['b', 'two']);
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it("passes the script's own errors on", async () => {
    const script = new LuaScript(`-- ${randomUUID()}\nreturn redis.error_reply('broken on purpose')`);
    await expect(script.run(redis, [])).rejects.toThrow('broken on purpose');
    await expect(script.run(redis, [])).rejects.toThrow('broken on purpose');
  });
});
