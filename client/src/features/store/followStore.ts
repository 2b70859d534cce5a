import { create } from 'zustand';
import { followShop } from './storeApi.ts';

interface FollowState {
  /** Shops the signed-in user follows; null until loaded (or when signed out). */
  followed: ReadonlySet<number> | null;
  /** Fans as the last follow or unfollow answered them, over what the page loaded. */
  fans: ReadonlyMap<number, number>;
  /**
   * Follows and unfollows answered since the list was last asked for: a list read before them
   * arrives without them, and must not undo them.
   */
  answeredSinceAsked: ReadonlyMap<number, boolean>;
  /** The list is being asked for again. */
  listAsked(): void;
  /** Replaces the followed set (after loading it, or with null at logout), keeping later answers. */
  setFollowed(ids: readonly number[] | null): void;
  /** Follows or unfollows; the server's answer sets the flag and the fans. */
  toggle(shopId: number): Promise<void>;
}

export const useFollows = create<FollowState>()((set, get) => ({
  followed: null,
  fans: new Map(),
  answeredSinceAsked: new Map(),
  listAsked: () => set({ answeredSinceAsked: new Map() }),
  setFollowed: (ids) =>
    set((s) => {
      if (!ids) return { followed: null, answeredSinceAsked: new Map() };
      const followed = new Set(ids);
      for (const [shopId, following] of s.answeredSinceAsked) {
        if (following) followed.add(shopId);
        else followed.delete(shopId);
      }
      return { followed };
    }),
  async toggle(shopId) {
    const following = get().followed?.has(shopId) ?? false;
    const answer = await followShop(shopId, !following);
    set((s) => {
      const followed = new Set(s.followed ?? []);
      if (answer.followed) followed.add(shopId);
      else followed.delete(shopId);
      return {
        followed,
        fans: new Map(s.fans).set(shopId, answer.fans),
        answeredSinceAsked: new Map(s.answeredSinceAsked).set(shopId, answer.followed),
      };
    });
  },
}));
