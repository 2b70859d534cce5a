import { type StoreProductsQuery, storeRoutes } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const EXPLORE_PAGE_SIZE = 20;

export const fetchStoreHome = (signal?: AbortSignal) => callApi(storeRoutes.home, { signal, silent: true });

export const fetchCategories = (signal?: AbortSignal) =>
  callApi(storeRoutes.categories, { signal, silent: true });

export const fetchProducts = (query: StoreProductsQuery, signal?: AbortSignal) =>
  callApi(storeRoutes.products, { params: query, signal, silent: true });

export const fetchProduct = (id: number, signal?: AbortSignal) =>
  callApi(storeRoutes.product, { params: { id }, signal, silent: true });

export const searchStore = (q: string, signal?: AbortSignal) =>
  callApi(storeRoutes.search, { params: { q }, signal, silent: true });

export const fetchFollows = (signal?: AbortSignal) => callApi(storeRoutes.follows, { signal, silent: true });

/** Not silent: a refusal (unknown shop, session gone) shows as a toast. */
export const followShop = (shopId: number, follow: boolean) =>
  follow
    ? callApi(storeRoutes.follow, { body: { shopId }, repeatSubmit: false })
    : callApi(storeRoutes.unfollow, { params: { shopId } });
