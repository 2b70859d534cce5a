import { create } from 'zustand';
import { followShop } from './storeApi.ts';

interface FollowState {
  /** Shops the signed-in user follows; null until loaded (or when signed out). */
  followed: ReadonlySet<number> | null;
  /** Fans as the last follow or unfollow answered them, over what the page loaded. */
  fans: ReadonlyMap<number, number>;
  /** Replaces the followed set (after loading it, or with null at logout). */
  setFollowed(ids: readonly number[] | null): void;
  /** Follows or unfollows; the server's answer sets the flag and the fans. */
  toggle(shopId: number): Promise<void>;
}

export const useFollows = create<FollowState>()((set, get) => ({
  followed: null,
  fans: new Map(),
  setFollowed: (ids) => set({ followed: ids ? new Set(ids) : null }),
  async toggle(shopId) {
    const following = get().followed?.has(shopId) ?? false;
    const answer = await followShop(shopId, !following);
    set((s) => {
      const followed = new Set(s.followed ?? []);
      if (answer.followed) followed.add(shopId);
      else followed.delete(shopId);
      return { followed, fans: new Map(s.fans).set(shopId, answer.fans) };
    });
  },
}));
