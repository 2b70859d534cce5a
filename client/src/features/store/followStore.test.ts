import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFollows } from './followStore.ts';
import { followShop } from './storeApi.ts';

vi.mock('./storeApi.ts', () => ({ followShop: vi.fn() }));

beforeEach(() => {
  useFollows.setState({ followed: null, fans: new Map(), answeredSinceAsked: new Map() });
});

describe('the followed shops', () => {
  it('keeps a follow answered while the list was on its way: the list was read before it', async () => {
    vi.mocked(followShop).mockResolvedValue({ shopId: 7, followed: true, fans: 11 });
    const follows = useFollows.getState();
    follows.listAsked();
    await follows.toggle(7);
    useFollows.getState().setFollowed([3]);
    expect(useFollows.getState().followed).toEqual(new Set([3, 7]));
  });

  it('keeps an unfollow answered meanwhile too, and takes a list asked for after it as it is', async () => {
    useFollows.getState().setFollowed([7]);
    vi.mocked(followShop).mockResolvedValue({ shopId: 7, followed: false, fans: 10 });
    useFollows.getState().listAsked();
    await useFollows.getState().toggle(7);
    useFollows.getState().setFollowed([3, 7]);
    expect(useFollows.getState().followed).toEqual(new Set([3]));

    useFollows.getState().listAsked();
    useFollows.getState().setFollowed([3, 7]);
    expect(useFollows.getState().followed).toEqual(new Set([3, 7]));
  });

  it('forgets everything at logout', async () => {
    vi.mocked(followShop).mockResolvedValue({ shopId: 7, followed: true, fans: 11 });
    await useFollows.getState().toggle(7);
    useFollows.getState().setFollowed(null);
    expect(useFollows.getState().followed).toBeNull();
    useFollows.getState().setFollowed([]);
    expect(useFollows.getState().followed).toEqual(new Set());
  });
});
